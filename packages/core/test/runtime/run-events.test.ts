import { readFile } from 'node:fs/promises';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { type RunEvent, runEventSchema, runEventsJsonSchema } from '../../src/runtime/run-events.js';
import { defineTool } from '../../src/tools/tool.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

const lookup = defineTool({
  name: 'lookup',
  description: 'Look a word up',
  input: z.object({ word: z.string(), language: z.string().optional() }),
  access: 'Read',
  execute: async ({ word }) => `${word}: a thing`,
});

describe('the run event bus', () => {
  it('stream() yields envelope v 2 events that match the published schema, seq without gaps, absent keys omitted', async () => {
    context.server.enqueue(
      { toolCalls: [{ id: 'call-1', name: 'lookup', arguments: { word: 'secret-value', language: 'en' } }] },
      { text: 'done', chunks: ['do', 'ne'] },
      { text: 'also done' },
    );
    const clock = () => new Date('2026-03-01T10:00:00.000Z');
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      tools: [lookup],
      clock,
      logger: captureLogger().logger,
    });
    const crew = defineCrew({
      name: 'bus',
      agents: [{ id: 'w', role: 'Worker', goal: 'Work', tools: ['lookup'] }],
      tasks: [
        { id: 'a', description: 'A', expectedOutput: 'a', agent: 'w' },
        { id: 'b', description: 'B', expectedOutput: 'b', agent: 'w', dependencies: ['a'] },
      ],
    });
    const stream = runtime.stream(crew, { deltas: true });
    const events: RunEvent[] = [];
    for await (const event of stream) events.push(event);
    expect((await stream.result).success).toBe(true);
    for (const event of events) expect(runEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(
      events.every((event) => event.v === 2 && event.ts === '2026-03-01T10:00:00.000Z' && event.crewId === 'bus'),
    ).toBe(true);
    expect(events.some((event) => Object.values(event).includes(undefined))).toBe(false);
    expect(events.filter((event) => event.kind !== 'llm.delta').map((event) => event.kind)).toEqual([
      'run.started',
      'task.started',
      'cost.updated',
      'tool.called',
      'tool.returned',
      'cost.updated',
      'task.completed',
      'task.started',
      'cost.updated',
      'task.completed',
      'run.finished',
    ]);
    const deltas = events.flatMap((event) => (event.kind === 'llm.delta' ? [event] : []));
    expect(
      deltas
        .filter((event) => event.taskId === 'a')
        .map((event) => event.text)
        .join(''),
    ).toBe('done');
    const called = events.find((event) => event.kind === 'tool.called');
    expect(called).toMatchObject({
      toolName: 'lookup',
      argsSummary: ['word', 'language'],
      correlationId: 'call-1',
      agentId: 'w',
      taskId: 'a',
    });
    expect(JSON.stringify(events)).not.toContain('secret-value');
    expect(events.find((event) => event.kind === 'tool.returned')).toMatchObject({
      causationId: called?.seq,
      success: true,
    });
    expect(events.find((event) => event.kind === 'task.completed')).toMatchObject({
      taskId: 'a',
      success: true,
      toolCalls: 1,
      agentRole: 'Worker',
    });
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', success: true, exitCode: 0, output: 'also done' });
  });

  it('a failed task is a task.completed with success false, then a recoverable error caused by it', async () => {
    context.server.enqueue({ error: { status: 400, message: 'no' } });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    const crew = defineCrew({
      name: 'f',
      agents: [{ id: 'w', role: 'W', goal: 'g' }],
      tasks: [
        { id: 'a', description: 'A', expectedOutput: 'a', agent: 'w' },
        { id: 'b', description: 'B', expectedOutput: 'b', agent: 'w', dependencies: ['a'] },
      ],
    });
    const events: RunEvent[] = [];
    await runtime.run(crew, { onEvent: (event) => void events.push(event) });
    const failed = events.find((event) => event.kind === 'task.completed' && event.taskId === 'a');
    expect(failed).toMatchObject({ success: false, error: { code: expect.stringMatching(/^LLM_/) } });
    expect(events.find((event) => event.kind === 'error')).toMatchObject({
      recoverable: true,
      causationId: failed?.seq,
      taskId: 'a',
    });
    expect(events.find((event) => event.kind === 'task.completed' && event.taskId === 'b')).toMatchObject({
      success: false,
      skipped: true,
    });
    expect(events.at(-1)).toMatchObject({
      kind: 'run.finished',
      success: false,
      exitCode: 2,
      failed: ['a'],
      skipped: ['b'],
    });
  });

  it('the committed events.schema.json is the generated one (regenerate: node --conditions=@orkeon/source --import tsx scripts/generate-events-schema.ts)', async () => {
    const committed = JSON.parse(await readFile(new URL('../../schema/events.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(runEventsJsonSchema())));
  });
});
