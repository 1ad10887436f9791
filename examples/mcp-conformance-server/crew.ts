// One file over 300 lines: every fixture the suite calls by name is served by one module, as the suite expects of one server.
// The fixtures the official MCP conformance suite's server scenarios call by name,
// served by `orkeon mcp serve examples/mcp-conformance-server/crew.ts --http 127.0.0.1:8808`.
// They exist for the suite only; they are not part of Orkeon.
import { defineCrew, defineTool, type ToolContext, toolContent } from '@orkeon/core';
import { defineMcpPrompt, defineMcpResource, defineMcpResourceTemplate, type McpServerAdditions } from '@orkeon/mcp';
import { z } from 'zod';

/** A 1×1 red PNG. */
const redPixelPng = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** A short, silent 8 kHz mono 8-bit WAV. */
function silentWav(samples = 8): Uint8Array {
  const bytes = Buffer.alloc(44 + samples, 0x80);
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(36 + samples, 4);
  bytes.write('WAVEfmt ', 8, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(8000, 24);
  bytes.writeUInt32LE(8000, 28);
  bytes.writeUInt16LE(1, 32);
  bytes.writeUInt16LE(8, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(samples, 40);
  return bytes;
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

const simpleText = defineTool({
  name: 'test_simple_text',
  description: 'Answers a fixed text.',
  access: 'Read',
  input: z.object({}),
  execute: async () => 'This is a simple text response for testing.',
});

const errorHandling = defineTool({
  name: 'test_error_handling',
  description: 'Always fails, to show how a failure reaches the client.',
  access: 'Read',
  input: z.object({}),
  execute: async () => {
    throw new Error('This tool intentionally returns an error for testing');
  },
});

const imageContent = defineTool({
  name: 'test_image_content',
  description: 'Answers an image.',
  access: 'Read',
  input: z.object({}),
  execute: async () => toolContent([{ type: 'image', data: redPixelPng, mimeType: 'image/png' }]),
});

const audioContent = defineTool({
  name: 'test_audio_content',
  description: 'Answers a short sound.',
  access: 'Read',
  input: z.object({}),
  execute: async () => toolContent([{ type: 'audio', data: silentWav(), mimeType: 'audio/wav' }]),
});

const embeddedResource = defineTool({
  name: 'test_embedded_resource',
  description: 'Answers an embedded resource.',
  access: 'Read',
  input: z.object({}),
  execute: async () =>
    toolContent([
      {
        type: 'resource',
        resource: {
          uri: 'test://embedded-resource',
          mimeType: 'text/plain',
          text: 'This is an embedded resource content.',
        },
      },
    ]),
});

const multipleContentTypes = defineTool({
  name: 'test_multiple_content_types',
  description: 'Answers text, an image and a resource.',
  access: 'Read',
  input: z.object({}),
  execute: async () =>
    toolContent([
      'Multiple content types test:',
      { type: 'image', data: redPixelPng, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: {
          uri: 'test://mixed-content-resource',
          mimeType: 'application/json',
          text: '{"test":"data","value":123}',
        },
      },
    ]),
});

const withLogging = defineTool({
  name: 'test_tool_with_logging',
  description: 'Logs three lines while it runs.',
  access: 'Read',
  input: z.object({}),
  execute: async (_, context) => {
    context.logger.info('Tool execution started');
    await pause(50);
    context.logger.info('Tool processing data');
    await pause(50);
    context.logger.info('Tool execution completed');
    return 'Tool with logging executed successfully';
  },
});

const withProgress = defineTool({
  name: 'test_tool_with_progress',
  description: 'Reports progress three times while it runs.',
  access: 'Read',
  input: z.object({}),
  execute: async (_, context) => {
    for (const progress of [0, 50, 100]) {
      context.reportProgress?.({ progress, total: 100, message: `Completed step ${progress / 50 + 1} of 3` });
      await pause(50);
    }
    return 'Tool with progress executed successfully';
  },
});

/** The client's form, or the error a tool answers when the client takes no forms. */
function elicitOrFail(context: ToolContext): NonNullable<ToolContext['elicit']> {
  if (context.elicit === undefined)
    throw new Error('The client declared no elicitation capability: it cannot be asked.');
  return context.elicit;
}

const sampling = defineTool({
  name: 'test_sampling',
  description: "Asks the client's model to answer a prompt.",
  access: 'Read',
  input: z.object({ prompt: z.string() }),
  execute: async ({ prompt }, context) => {
    if (context.sample === undefined) throw new Error('The client declared no sampling capability.');
    const answer = await context.sample({ messages: [{ role: 'user', text: prompt }], maxTokens: 100 });
    return `LLM response: ${answer.text}`;
  },
});

const elicitation = defineTool({
  name: 'test_elicitation',
  description: 'Asks the user for a name and an email address.',
  access: 'Read',
  input: z.object({ message: z.string() }),
  execute: async ({ message }, context) => {
    const answer = await elicitOrFail(context)({
      message,
      requestedSchema: {
        type: 'object',
        properties: {
          username: { type: 'string', description: "User's response" },
          email: { type: 'string', description: "User's email address" },
        },
        required: ['username', 'email'],
      },
    });
    return `User response: ${JSON.stringify(answer)}`;
  },
});

const elicitationDefaults = defineTool({
  name: 'test_elicitation_sep1034_defaults',
  description: 'Asks the user for a form whose fields have default values.',
  access: 'Read',
  input: z.object({}),
  execute: async (_, context) => {
    const answer = await elicitOrFail(context)({
      message: 'Please confirm or change these values.',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', default: 'John Doe' },
          age: { type: 'integer', default: 30 },
          score: { type: 'number', default: 95.5 },
          status: { type: 'string', enum: ['active', 'inactive', 'pending'], default: 'active' },
          verified: { type: 'boolean', default: true },
        },
      },
    });
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify('content' in answer ? answer.content : {})}`;
  },
});

const elicitationEnums = defineTool({
  name: 'test_elicitation_sep1330_enums',
  description: 'Asks the user for a form with every kind of choice.',
  access: 'Read',
  input: z.object({}),
  execute: async (_, context) => {
    const answer = await elicitOrFail(context)({
      message: 'Please pick.',
      requestedSchema: {
        type: 'object',
        properties: {
          untitledSingle: { type: 'string', enum: ['option1', 'option2', 'option3'] },
          titledSingle: {
            type: 'string',
            oneOf: [
              { const: 'value1', title: 'First Option' },
              { const: 'value2', title: 'Second Option' },
              { const: 'value3', title: 'Third Option' },
            ],
          },
          legacyEnum: {
            type: 'string',
            enum: ['opt1', 'opt2', 'opt3'],
            enumNames: ['Option One', 'Option Two', 'Option Three'],
          },
          untitledMulti: { type: 'array', items: { type: 'string', enum: ['option1', 'option2', 'option3'] } },
          titledMulti: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'value1', title: 'First Choice' },
                { const: 'value2', title: 'Second Choice' },
                { const: 'value3', title: 'Third Choice' },
              ],
            },
          },
        },
      },
    });
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify('content' in answer ? answer.content : {})}`;
  },
});

/** The resources, template and prompts the suite reads, served beside the crew (`orkeon mcp serve` reads this export). */
export const mcp: McpServerAdditions = {
  resources: [
    defineMcpResource({
      uri: 'test://static-text',
      name: 'Static Text Resource',
      mimeType: 'text/plain',
      read: () => 'This is the content of the static text resource.',
    }),
    defineMcpResource({
      uri: 'test://static-binary',
      name: 'Static Binary Resource',
      mimeType: 'image/png',
      read: () => Buffer.from(redPixelPng, 'base64'),
    }),
    defineMcpResource({
      uri: 'test://watched-resource',
      name: 'Watched Resource',
      mimeType: 'text/plain',
      read: () => 'A resource the suite subscribes to.',
    }),
  ],
  resourceTemplates: [
    defineMcpResourceTemplate({
      uriTemplate: 'test://template/{id}/data',
      name: 'Template Resource',
      mimeType: 'application/json',
      read: ({ id }) => JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
    }),
  ],
  prompts: [
    defineMcpPrompt({
      name: 'test_prompt_with_embedded_resource',
      description: 'A prompt that embeds a resource.',
      arguments: [{ name: 'resourceUri', description: 'The URI of the resource to embed', required: true }],
      get: ({ resourceUri }) => [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: {
              uri: resourceUri as string,
              mimeType: 'text/plain',
              text: 'Embedded resource content for testing.',
            },
          },
        },
        { role: 'user', content: 'Please process the embedded resource above.' },
      ],
    }),
    defineMcpPrompt({
      name: 'test_prompt_with_image',
      description: 'A prompt that holds an image.',
      get: () => [
        { role: 'user', content: { type: 'image', data: redPixelPng, mimeType: 'image/png' } },
        { role: 'user', content: 'Please analyze the image above.' },
      ],
    }),
  ],
};

export const crew = defineCrew({
  name: 'mcp-conformance',
  goal: 'Answer the MCP conformance suite',
  agents: [
    {
      id: 'fixture',
      role: 'Fixture',
      goal: 'Hold the conformance tools',
      tools: [
        simpleText,
        errorHandling,
        imageContent,
        audioContent,
        embeddedResource,
        multipleContentTypes,
        withLogging,
        withProgress,
        sampling,
        elicitation,
        elicitationDefaults,
        elicitationEnums,
      ],
    },
  ],
  tasks: [
    {
      id: 'test_simple_prompt',
      description: 'This is a simple prompt for testing.',
      expectedOutput: 'Any answer',
      agent: 'fixture',
    },
    {
      id: 'test_prompt_with_arguments',
      description: 'Prompt with arguments: arg1={arg1}, arg2={arg2}',
      expectedOutput: 'Any answer',
      agent: 'fixture',
    },
  ],
});
