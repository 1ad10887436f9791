import { createRuntime, defineTool, type Runtime, toolContent } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { z } from 'zod';
import {
  createMcpServer,
  defineMcpPrompt,
  defineMcpResource,
  defineMcpResourceTemplate,
  type McpHttpServer,
  type McpServerAdditions,
  startMcpHttpServer,
} from '../../src/index.js';

export const pixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

/** A runtime whose tools answer rich content, report progress and log. */
export async function richRuntime(): Promise<Runtime> {
  return createRuntime({
    logger: captureLogger().logger,
    tools: [
      defineTool({
        name: 'chart',
        description: 'Answers a caption, an image, a sound and two embedded resources.',
        access: 'Read',
        input: z.object({}),
        execute: async () =>
          toolContent([
            'Sales:',
            { type: 'image', data: pixel, mimeType: 'image/png' },
            { type: 'audio', data: new Uint8Array([82, 73, 70, 70]), mimeType: 'audio/wav' },
            { type: 'resource', resource: { uri: 'test://table', mimeType: 'text/csv', text: 'a,b\n1,2' } },
            { type: 'resource', resource: { uri: 'test://raw', mimeType: 'application/octet-stream', blob: 'AAEC' } },
          ]),
      }),
      defineTool({
        name: 'work',
        description: 'Reports progress three times and logs at three levels.',
        access: 'Read',
        input: z.object({}),
        execute: async (_input, context) => {
          context.logger.debug('starting');
          for (const step of [1, 2, 2, 3]) {
            context.reportProgress?.({ progress: step, total: 3, message: `step ${step}` });
            await pause(5);
          }
          context.logger.info({ rows: 3 }, 'halfway');
          context.logger.warn('nearly done');
          return 'worked';
        },
      }),
    ],
  });
}

/** Host additions: a text and a binary resource, a template, and a prompt with an image. */
export const additions: McpServerAdditions = {
  resources: [
    defineMcpResource({ uri: 'notes://readme', name: 'Readme', read: () => 'Read me first.' }),
    defineMcpResource({
      uri: 'notes://logo',
      name: 'Logo',
      mimeType: 'image/png',
      read: async () => Buffer.from(pixel, 'base64'),
    }),
  ],
  resourceTemplates: [
    defineMcpResourceTemplate({
      uriTemplate: 'notes://{id}/text',
      name: 'Note',
      description: 'One note by id',
      read: ({ id }) => (id === 'missing' ? undefined : `Note ${id}`),
    }),
  ],
  prompts: [
    defineMcpPrompt({
      name: 'describe_image',
      description: 'Describe an image',
      arguments: [{ name: 'focus', required: true, description: 'What to look at' }],
      get: ({ focus }) => ({
        description: `Describe the ${focus}`,
        messages: [
          { role: 'user', content: { type: 'image', data: pixel, mimeType: 'image/png' } },
          { role: 'user', content: `Describe the ${focus} of the image above.` },
        ],
      }),
    }),
  ],
};

export async function serveRich(runtime: Runtime): Promise<McpHttpServer> {
  return startMcpHttpServer({ dispatcher: createMcpServer({ runtime, ...additions }), port: 0 });
}

/** One POST; the status, content type, and the messages of the body (one JSON, or each SSE event's data). */
export async function postMessages(
  url: string,
  body: unknown,
  accept = 'application/json, text/event-stream',
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the JSON-RPC fields it checks
): Promise<{ status: number; type: string; messages: any[] }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const messages = type.startsWith('text/event-stream')
    ? text
        .split('\n\n')
        .filter((event) => event.trim() !== '')
        .map((event) =>
          JSON.parse(
            event
              .split('\n')
              .find((line) => line.startsWith('data: '))
              ?.slice(6) ?? 'null',
          ),
        )
    : text === ''
      ? []
      : [JSON.parse(text)];
  return { status: response.status, type, messages };
}
