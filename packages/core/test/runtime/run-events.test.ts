import { readFile } from 'node:fs/promises';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCrew } from '../../src/crew/define-crew.js';
import { crewGraph, taskNode } from '../../src/graph/crew-graph.js';
import { END, START } from '../../src/graph/graph-sentinels.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { type RunEvent, runEventSchema, runEventsJsonSchema } from '../../src/runtime/run-events.js';
import { defineTool } from '../../src/tools/tool.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

/** The published schema file (not the zod schemas it is made from), as a validator. */
const publishedSchema = z.fromJSONSchema(
  JSON.parse(await readFile(new URL('../../schema/events.schema.json', import.meta.url), 'utf8')),
);

/** Every event passes the zod schema and the published JSON Schema, as the JSON line `--events jsonl` writes. */
function expectValid(events: readonly RunEvent[]): void {
  for (const event of events) {
    expect(runEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
    expect(publishedSchema.safeParse(JSON.parse(JSON.stringify(event))).success, JSON.stringify(event)).toBe(true);
  }
}

/** Graph node events as `node status step/visit → next [task]`, breaker trips as `tripped mechanism node`. */
function graphTrail(events: readonly RunEvent[]): string[] {
  return events.flatMap((event) => {
    if (event.kind === 'graph.node.completed') {
      const task = event.taskId === undefined ? '' : ` [${event.taskId}]`;
      return [`${event.node} ${event.status} ${event.step}/${event.visit} → ${event.next ?? '-'}${task}`];
    }
    if (event.kind === 'graph.breaker.tripped') return [`tripped ${event.mechanism} ${event.node}`];
    return [];
  });
}

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
    expectValid(events);
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

  it('the graph process puts each node’s end on the bus, in order, between the task events', async () => {
    context.server.enqueue({ error: { status: 400, message: 'no' } }, { text: 'DATA' }, { text: 'REPORT' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    const events: RunEvent[] = [];
    const result = await runtime.run(graphCrew(), { onEvent: (event) => void events.push(event) });
    expect(result.success).toBe(true);
    expectValid(events);
    expect(
      events
        .filter((event) => event.kind.startsWith('task.') || event.kind.startsWith('graph.'))
        .map((event) =>
          event.kind.startsWith('graph.')
            ? graphTrail([event])[0]
            : `${event.kind} ${'taskId' in event ? event.taskId : ''}`,
        ),
    ).toEqual([
      'task.started fetch',
      'task.completed fetch',
      'execute_task completed 1/1 → route [fetch]',
      'route completed 2/1 → execute_task',
      'task.started fetch',
      'task.completed fetch',
      'execute_task completed 3/2 → route [fetch]',
      'route completed 4/2 → execute_task',
      'task.started report',
      'task.completed report',
      'execute_task completed 5/3 → route [report]',
      'route completed 6/3 → __end__',
    ]);
    const node = events.find((event) => event.kind === 'graph.node.completed');
    expect(node).toMatchObject({ crewId: 'pipeline', durationMs: expect.any(Number) });
    expect(node).not.toHaveProperty('checkpoint');
  });

  it('a tripped breaker is on the bus with its mechanism and node, then the degraded node, then the failed run', async () => {
    context.server.enqueue({ text: 'DATA' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    const events: RunEvent[] = [];
    await runtime.run(graphCrew({ graphConfig: { maxStateVisits: 1 } }), {
      onEvent: (event) => void events.push(event),
    });
    expectValid(events);
    expect(graphTrail(events)).toEqual([
      'execute_task completed 1/1 → route [fetch]',
      'route completed 2/1 → execute_task',
      'tripped MaxStateVisits execute_task',
      'degraded completed 3/1 → __end__',
    ]);
    expect(events.find((event) => event.kind === 'graph.breaker.tripped')).toMatchObject({
      limit: 1,
      reached: 2,
      degraded: true,
      message: "circuit breaker tripped (MaxStateVisits): node 'execute_task' would make visit 2 of at most 1",
    });
    expect(events.find((event) => event.kind === 'graph.node.completed' && event.node === 'degraded')).toMatchObject({
      degraded: true,
    });
    expect(events.at(-1)).toMatchObject({
      kind: 'run.finished',
      success: false,
      skipped: ['report'],
      error: { code: 'GRAPH_BREAKER_TRIPPED' },
    });
  });

  it('a crew’s own graph reports its nodes; a node that throws is reported failed with its error', async () => {
    context.server.enqueue({ text: 'HAIKU' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    const graph = crewGraph()
      .addNode('draft', taskNode('write'))
      .addNode('gate', () => {
        throw new Error('the gate is closed');
      })
      .addEdge(START, 'draft')
      .addEdge('draft', 'gate')
      .addEdge('gate', END);
    const crew = defineCrew({
      name: 'gated',
      process: 'graph',
      agents: [{ id: 'w', role: 'Writer', goal: 'Write' }],
      tasks: [{ id: 'write', description: 'Write a haiku.', expectedOutput: 'A haiku', agent: 'w' }],
      graph,
    });
    const events: RunEvent[] = [];
    await runtime.run(crew, { onEvent: (event) => void events.push(event) });
    expectValid(events);
    expect(graphTrail(events)).toEqual(['draft completed 1/1 → gate', 'gate failed 2/1 → -']);
    const failed = events.find((event) => event.kind === 'graph.node.completed' && event.status === 'failed');
    expect(failed).toMatchObject({ error: { message: 'the gate is closed' } });
    expect(events.map((event) => event.kind).slice(-2)).toEqual(['graph.node.completed', 'run.finished']);
  });
});

function graphCrew(extra: { graphConfig?: { maxStateVisits: number } } = {}) {
  return defineCrew({
    name: 'pipeline',
    process: 'graph',
    agents: [{ id: 'w', role: 'Worker', goal: 'Do each step' }],
    tasks: [
      { id: 'fetch', description: 'Fetch the data.', expectedOutput: 'Data', agent: 'w' },
      {
        id: 'report',
        description: 'Write the report.',
        expectedOutput: 'A report',
        agent: 'w',
        dependencies: ['fetch'],
      },
    ],
    ...extra,
  });
}
