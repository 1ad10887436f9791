import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { defineTool } from '../../src/tools/tool.js';
import { scriptedModel, userTextOf, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();
const logger = () => captureLogger().logger;

const note = defineTool({
  name: 'note',
  description: 'Take a note',
  input: z.object({ text: z.string() }),
  access: 'Read',
  execute: async () => 'noted',
});

const threeTasks = (budget: Record<string, number | string>, process: 'sequential' | 'parallel' = 'sequential') =>
  defineCrew({
    name: 'budgeted',
    process,
    budget,
    agents: [{ id: 'w', role: 'Writer', goal: 'Write', tools: ['note'] }],
    tasks: [
      { id: 'one', description: 'First', expectedOutput: 'text', agent: 'w' },
      { id: 'two', description: 'Second', expectedOutput: 'text', agent: 'w' },
      { id: 'three', description: 'Third', expectedOutput: 'text', agent: 'w' },
    ],
  });

const usage = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens });

describe('crew budgets', () => {
  it('a spent token budget stops the run: finished outputs kept and checkpointed, budget.exhausted, then resume with a raised budget', async () => {
    const store = new InMemoryStateStore();
    context.server.enqueue({ text: 'ONE', usage: usage(40, 20) }, { text: 'TWO', usage: usage(40, 20) });
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      store,
      tools: [note],
      logger: logger(),
    });
    const events: RunEvent[] = [];
    const first = await runtime.run(threeTasks({ tokens: 100 }), { onEvent: (event) => void events.push(event) });
    expect(first.success).toBe(false);
    expect(first.interrupted).toBeUndefined();
    expect(first.budgetExhausted).toEqual({ dimension: 'tokens', limit: 100, used: 120 });
    expect(first.error?.code).toBe('CREW_BUDGET_EXHAUSTED');
    expect(first.tasks.map((task) => task.status)).toEqual(['Completed', 'Completed', 'Skipped']);
    expect(first.tasks[2]?.reason).toBe('the crew budget (tokens) is spent');
    expect(context.server.requests).toHaveLength(2);
    const exhausted = events.find((event) => event.kind === 'budget.exhausted');
    expect(exhausted).toMatchObject({ dimension: 'tokens', limit: 100, used: 120, crewId: 'budgeted' });
    expect(events.at(-1)).toMatchObject({
      kind: 'run.finished',
      success: false,
      exitCode: 2,
      budgetExhausted: 'tokens',
      tokens: 120,
    });
    const saved = await store.get(first.sessionId);
    expect(saved?.taskCheckpoints.one?.output).toBe('ONE');
    expect(saved?.taskCheckpoints.two?.output).toBe('TWO');
    expect(saved?.phase).not.toBe('Completed');

    context.server.enqueue({ text: 'THREE', usage: usage(10, 5) });
    const second = await runtime.run(threeTasks({ tokens: 1000 }), { resume: true });
    expect(second.success).toBe(true);
    expect(second.sessionId).toBe(first.sessionId);
    expect(second.output).toBe('THREE');
    expect(context.server.requests).toHaveLength(3);
    expect(userTextOf(context.server.requests[2])).toContain('ONE');
  });

  it('model calls in flight are aborted when another agent spends the budget (parallel)', async () => {
    context.server.enqueue(
      { text: 'fast', usage: usage(500, 500) },
      { text: 'slow', delayMilliseconds: 5_000 },
      { text: 'slow too', delayMilliseconds: 5_000 },
    );
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      tools: [note],
      logger: logger(),
    });
    const started = performance.now();
    const result = await runtime.run(threeTasks({ tokens: 900 }, 'parallel'));
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(result.budgetExhausted?.dimension).toBe('tokens');
    expect(result.tasks.find((task) => task.status === 'Completed')?.output).toBe('fast');
    const failed = result.tasks.filter((task) => task.status === 'Failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]?.error?.code).toBe('CREW_BUDGET_EXHAUSTED');
    await expect.poll(() => context.server.pendingAnswers).toBe(0);
  });

  it('the tool call past the toolCalls limit is not made and the run stops', async () => {
    let executed = 0;
    const counted = defineTool({
      name: 'note',
      description: 'Take a note',
      input: z.object({ text: z.string() }),
      access: 'Read',
      execute: async () => `noted ${++executed}`,
    });
    context.server.enqueue(
      { toolCalls: [{ name: 'note', arguments: { text: 'a' } }] },
      { toolCalls: [{ name: 'note', arguments: { text: 'b' } }] },
      { text: 'never read' },
    );
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      tools: [counted],
      logger: logger(),
    });
    const events: RunEvent[] = [];
    const result = await runtime.run(threeTasks({ toolCalls: 1 }), { onEvent: (event) => void events.push(event) });
    expect(executed).toBe(1);
    expect(result.budgetExhausted).toEqual({ dimension: 'toolCalls', limit: 1, used: 2 });
    expect(result.tasks.map((task) => task.status)).toEqual(['Failed', 'Skipped', 'Skipped']);
    expect(events.filter((event) => event.kind === 'tool.returned').map((event) => event.success)).toEqual([
      true,
      false,
    ]);
  });

  it('wallTime stops a run that takes longer; text durations are read', async () => {
    context.server.enqueue({ text: 'late', delayMilliseconds: 5_000 });
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      tools: [note],
      logger: logger(),
    });
    const result = await runtime.run(threeTasks({ wallTime: '0.3s' }));
    expect(result.budgetExhausted?.dimension).toBe('wallTime');
    expect(result.budgetExhausted?.limit).toBe(0.3);
    expect(result.tasks.map((task) => task.status)).toEqual(['Failed', 'Skipped', 'Skipped']);
  });

  it('costUsd counts the priced model, and cost.updated reports the running estimate', async () => {
    context.server.enqueue({ text: 'A', usage: usage(1_000_000, 0) }, { text: 'B' });
    await using runtime = await createRuntime({
      model: scriptedModel(context.server, 'gpt-4.1-mini'),
      tools: [note],
      logger: logger(),
    });
    const events: RunEvent[] = [];
    const result = await runtime.run(threeTasks({ costUsd: 0.3 }), { onEvent: (event) => void events.push(event) });
    expect(result.budgetExhausted).toMatchObject({ dimension: 'costUsd', limit: 0.3 });
    expect(events.find((event) => event.kind === 'cost.updated')).toMatchObject({
      tokens: 1_000_000,
      costUsd: 0.4,
      costSource: 'estimate',
      model: 'gpt-4.1-mini',
      taskId: 'one',
    });
  });

  it('a run option budget applies to one agent too', async () => {
    context.server.enqueue(
      { toolCalls: [{ name: 'note', arguments: { text: 'a' } }], usage: usage(50, 60) },
      { text: 'x' },
    );
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      tools: [note],
      logger: logger(),
    });
    const result = await runtime.run({ id: 'a', role: 'A', goal: 'g', tools: ['note'] }, 'go', {
      budget: { tokens: 100 },
    });
    expect(result.budgetExhausted?.dimension).toBe('tokens');
    expect(result.interrupted).toBe(true);
    expect(context.server.requests).toHaveLength(1);
  });

  it('a bad budget in a crew is refused at load with the key and the fix', () => {
    expect(() => threeTasks({ wallTime: 'soon' })).toThrow(/wallTime 'soon' is not a duration; write seconds/);
    expect(() => threeTasks({ tokens: -5 })).toThrow(/budget\.tokens/);
  });
});
