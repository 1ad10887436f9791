import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { elicitationChannel } from '../../src/human-input/elicitation-channel.js';
import { PendingHumanInput } from '../../src/human-input/pending-human-input.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import type {
  ToolElicitation,
  ToolElicitationResult,
  ToolSamplingRequest,
  ToolSamplingResult,
} from '../../src/tools/caller-requests.js';
import { defineTool, type ToolContext } from '../../src/tools/tool.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();
const logger = () => captureLogger().logger;

/** What a run's caller answers, and the forms it was shown. */
function formFiller(answer: (form: ToolElicitation) => ToolElicitationResult) {
  const forms: ToolElicitation[] = [];
  return {
    forms,
    elicit: async (form: ToolElicitation) => {
      forms.push(form);
      return answer(form);
    },
  };
}

/** The latest tool result the model was sent back, in the request `index`. */
function toolResultSent(index: number): string {
  const messages = (context.server.requests[index]?.body?.messages ?? []) as { role: string; content: unknown }[];
  return String(messages.filter((message) => message.role === 'tool').at(-1)?.content ?? '');
}

describe('what a tool asks its caller (context.elicit, context.sample)', () => {
  it('reach the tool when the invocation brings them, and refuse once the call has ended', async () => {
    let kept: ToolContext | undefined;
    const ask = defineTool({
      name: 'ask',
      description: 'Asks the caller',
      input: z.object({}),
      access: 'Read',
      execute: async (_, toolContext) => {
        kept = toolContext;
        const form = await toolContext.elicit?.({
          message: 'Name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        });
        const sampled = await toolContext.sample?.({ messages: [{ role: 'user', text: 'Hi' }], maxTokens: 5 });
        return `${JSON.stringify(form)} ${sampled?.text}`;
      },
    });
    await using runtime = await createRuntime({ tools: [ask], logger: logger() });
    const result = await runtime.pipeline.invoke({
      tool: 'ask',
      input: {},
      caller: { kind: 'mcp' },
      callerRequests: {
        elicit: async () => ({ action: 'accept', content: { name: 'Ada' } }),
        sample: async () => ({ text: 'Hello', model: 'm' }),
      },
    });
    expect(result.output).toBe('{"action":"accept","content":{"name":"Ada"}} Hello');
    await expect(
      kept?.elicit?.({ message: 'Again?', requestedSchema: { type: 'object', properties: {} } }),
    ).rejects.toThrow('the tool call has ended');

    const plain = await runtime.pipeline.invoke({ tool: 'ask', input: {}, caller: { kind: 'mcp' } });
    expect(plain.output).toBe('undefined undefined');
    expect(kept?.elicit).toBeUndefined();
    expect(kept?.sample).toBeUndefined();
  });

  it('have MCP-shaped types', () => {
    expectTypeOf<ToolContext['elicit']>().toEqualTypeOf<
      ((request: ToolElicitation) => Promise<ToolElicitationResult>) | undefined
    >();
    expectTypeOf<ToolContext['sample']>().toEqualTypeOf<
      ((request: ToolSamplingRequest) => Promise<ToolSamplingResult>) | undefined
    >();
    expectTypeOf(elicitationChannel)
      .parameter(0)
      .toEqualTypeOf<(request: ToolElicitation) => Promise<ToolElicitationResult>>();
  });
});

describe("a run's own human-input channel (RunOptions.humanInput)", () => {
  const asker = { id: 'asker', role: 'Asker', goal: 'Ask', tools: ['human_input'] };

  it("takes the run's human_input questions as one-field forms; the runtime's channel hears none", async () => {
    context.server.enqueue(
      {
        toolCalls: [
          {
            name: 'human_input',
            arguments: { question: 'Which city?', input_type: 'choice', choices: ['Oslo', 'Rome'] },
          },
        ],
      },
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Book it?', input_type: 'approval' } }] },
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Your name?' } }] },
      { text: 'done' },
    );
    const host = new PendingHumanInput();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      humanInput: host,
      logger: logger(),
    });
    const caller = formFiller((form) => {
      const field = form.requestedSchema.properties.answer;
      if (field?.type === 'boolean') return { action: 'accept', content: { answer: true } };
      if (field?.enum !== undefined) return { action: 'accept', content: { answer: 'Rome' } };
      return { action: 'decline' };
    });
    const events: RunEvent[] = [];
    const result = await runtime.run(asker, 'go', {
      humanInput: elicitationChannel(caller.elicit),
      onEvent: (event) => {
        events.push(event);
      },
    });
    expect(result.output).toBe('done');
    expect(host.pending).toEqual([]);
    expect(caller.forms.map((form) => form.message)).toEqual(['Which city?', 'Book it?', 'Your name?']);
    expect(caller.forms[0]?.requestedSchema).toEqual({
      type: 'object',
      properties: { answer: { type: 'string', title: 'Choice', enum: ['Oslo', 'Rome'] } },
      required: ['answer'],
    });
    expect(toolResultSent(1)).toBe('Rome');
    expect(toolResultSent(2)).toBe('approved');
    expect(toolResultSent(3)).toContain('No answer from a person: the person declined');
    // The run still reports each question as input.needed.
    expect(events.filter((event) => event.kind === 'input.needed')).toHaveLength(3);
  });

  it("never takes the permission gate's asks: a caller does not approve its own calls", async () => {
    const deploy = defineTool({
      name: 'deploy',
      description: 'Deploy',
      input: z.object({}),
      access: 'Execute',
      execute: async () => 'deployed',
    });
    context.server.enqueue({ toolCalls: [{ name: 'deploy', arguments: {} }] }, { text: 'done' });
    const host = new PendingHumanInput();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      humanInput: host,
      permissionMode: 'default',
      tools: [deploy],
      logger: logger(),
    });
    const caller = formFiller(() => ({ action: 'accept', content: { answer: true } }));
    await runtime.run({ id: 'ops', role: 'Ops', goal: 'Deploy', tools: ['deploy'] }, 'go', {
      humanInput: elicitationChannel(caller.elicit),
      onEvent: (event) => {
        if (event.kind === 'input.needed') setTimeout(() => host.answer('no', event.correlationId), 5);
      },
    });
    expect(caller.forms).toEqual([]);
    expect(toolResultSent(1)).toContain('refused by the person asked');
  });
});
