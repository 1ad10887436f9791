import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PendingHumanInput } from '../../src/human-input/pending-human-input.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { defineTool } from '../../src/tools/tool.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();
const logger = () => captureLogger().logger;

/** The tool result the model was sent back, from the request after the tool call. */
function toolResultSent(index: number): string {
  const messages = (context.server.requests[index]?.body?.messages ?? []) as { role: string; content: unknown }[];
  return String(messages.find((message) => message.role === 'tool')?.content ?? '');
}

const asker = { id: 'asker', role: 'Asker', goal: 'Ask', tools: ['human_input'] };

describe('one human-input channel', () => {
  it('human_input asks through the channel: input.needed out, the answer matched by correlationId back to the model', async () => {
    context.server.enqueue(
      {
        toolCalls: [
          {
            name: 'human_input',
            arguments: { question: 'Which city?', input_type: 'choice', choices: ['Oslo', 'Rome'] },
          },
        ],
      },
      { text: 'Rome it is' },
    );
    const channel = new PendingHumanInput();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      humanInput: channel,
      logger: logger(),
    });
    const events: RunEvent[] = [];
    const result = runtime.run(asker, 'go', {
      onEvent: (event) => {
        events.push(event);
        if (event.kind === 'input.needed') setTimeout(() => channel.answer('Rome', event.correlationId), 5);
      },
    });
    expect((await result).output).toBe('Rome it is');
    const needed = events.find((event) => event.kind === 'input.needed');
    expect(needed).toMatchObject({
      inputKind: 'choice',
      prompt: 'Which city?',
      choices: ['Oslo', 'Rome'],
      source: 'tool',
      agentId: 'asker',
      correlationId: expect.any(String),
      causationId: events.find((event) => event.kind === 'tool.called')?.seq,
    });
    expect(toolResultSent(1)).toContain('Rome');
  });

  it('an approval reads yes as approved; an answer for another id is not taken', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Ship it?', input_type: 'approval' } }] },
      { text: 'ok' },
    );
    const channel = new PendingHumanInput();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      humanInput: channel,
      logger: logger(),
    });
    const result = runtime.run(asker, 'go', {
      onEvent: (event) => {
        if (event.kind !== 'input.needed') return;
        setTimeout(() => {
          expect(channel.answer('yes', 'some-other-id')).toBe(false);
          channel.answer('YES');
        }, 5);
      },
    });
    await result;
    expect(toolResultSent(1)).toContain('approved');
  });

  it('without a channel the tool is refused at once, never a wait', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Anyone?' } }] },
      { text: 'alone' },
    );
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: logger() });
    const events: RunEvent[] = [];
    await runtime.run(asker, 'go', { onEvent: (event) => void events.push(event) });
    expect(toolResultSent(1)).toMatch(/^DENIED: No answer from a person: no one can be asked/);
    expect(events.some((event) => event.kind === 'input.needed')).toBe(false);
    expect(events.find((event) => event.kind === 'tool.returned')).toMatchObject({ outcome: 'Denied', success: false });
  });

  it('a closed channel refuses the waiting ask; a stopped run refuses it too', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'human_input', arguments: { question: 'Still there?' } }] },
      { text: 'gave up' },
    );
    const channel = new PendingHumanInput();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      humanInput: channel,
      logger: logger(),
    });
    await runtime.run(asker, 'go', {
      onEvent: (event) => {
        if (event.kind === 'input.needed') setTimeout(() => channel.close(), 5);
      },
    });
    expect(toolResultSent(1)).toContain('the input channel closed before anyone answered');

    context.server.reset();
    context.server.enqueue({ toolCalls: [{ name: 'human_input', arguments: { question: 'Hello?' } }] });
    const open = new PendingHumanInput();
    await using second = await createRuntime({
      model: scriptedModel(context.server),
      humanInput: open,
      logger: logger(),
    });
    const stop = new AbortController();
    const run = second.run(asker, 'go', {
      signal: stop.signal,
      onEvent: (event) => {
        if (event.kind === 'input.needed') setTimeout(() => stop.abort(), 5);
      },
    });
    expect((await run).interrupted).toBe(true);
    expect(open.pending).toEqual([]);
  });

  it('permission-gate asks go to the same channel as approvals', async () => {
    const deploy = defineTool({
      name: 'deploy',
      description: 'Deploy',
      input: z.object({ target: z.string() }),
      access: 'Execute',
      execute: async ({ target }) => `deployed to ${target}`,
    });
    context.server.enqueue(
      { toolCalls: [{ name: 'deploy', arguments: { target: 'prod' } }] },
      { toolCalls: [{ name: 'deploy', arguments: { target: 'staging' } }] },
      { text: 'done' },
    );
    const channel = new PendingHumanInput();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      humanInput: channel,
      permissionMode: 'default',
      tools: [deploy],
      logger: logger(),
    });
    const asks: RunEvent[] = [];
    await runtime.run({ id: 'ops', role: 'Ops', goal: 'Deploy', tools: ['deploy'] }, 'go', {
      onEvent: (event) => {
        if (event.kind !== 'input.needed') return;
        asks.push(event);
        setTimeout(() => channel.answer(asks.length === 1 ? 'no' : 'y', event.correlationId), 5);
      },
    });
    expect(asks).toHaveLength(2);
    expect(asks[0]).toMatchObject({ source: 'permission', inputKind: 'confirm', toolName: 'deploy' });
    expect((asks[0] as { prompt: string }).prompt).toContain('"target":"prod"');
    expect(toolResultSent(1)).toContain('refused by the person asked');
    const messages = JSON.stringify(context.server.requests[2]?.body);
    expect(messages).toContain('deployed to staging');
  });
});
