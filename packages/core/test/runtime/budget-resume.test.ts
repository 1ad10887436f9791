import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import type { SessionState } from '../../src/checkpoint/session-state.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { scriptedModel, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

const fourTasks = (budget: Record<string, number>) =>
  defineCrew({
    name: 'budgeted',
    budget,
    agents: [{ id: 'w', role: 'Writer', goal: 'Write' }],
    tasks: ['one', 'two', 'three', 'four'].map((id) => ({
      id,
      description: `Task ${id}`,
      expectedOutput: 'text',
      agent: 'w',
    })),
  });

const tokens = (count: number) => ({ inputTokens: count, outputTokens: 0 });

/** Runs the crew and collects its events. */
async function run(
  runtime: Awaited<ReturnType<typeof createRuntime>>,
  budget: Record<string, number>,
  resume: boolean,
) {
  const events: RunEvent[] = [];
  const result = await runtime.run(fourTasks(budget), { resume, onEvent: (event) => void events.push(event) });
  return { result, events, kinds: events.map((event) => event.kind) };
}

describe('crew budgets across --resume (runtime.run)', () => {
  it('usage is checkpointed; the same budget stops at once, a raised one stops at its limit counting earlier use', async () => {
    const store = new InMemoryStateStore();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      store,
      logger: captureLogger().logger,
    });

    context.server.enqueue({ text: 'ONE', usage: tokens(60) }, { text: 'TWO', usage: tokens(60) });
    const first = await run(runtime, { tokens: 100 }, false);
    expect(first.result.budgetExhausted).toEqual({ dimension: 'tokens', limit: 100, used: 120 });
    const stopped = await store.get(first.result.sessionId);
    expect(stopped?.usage).toMatchObject({ tokens: 120, toolCalls: 0 });
    expect((await store.history(first.result.sessionId))[0]?.label).toBe('budget-exhausted');

    // The same budget: spent before this run begins, so no model request is made.
    const again = await run(runtime, { tokens: 100 }, true);
    expect(context.server.requests).toHaveLength(2);
    expect(again.result.sessionId).toBe(first.result.sessionId);
    expect(again.result.budgetExhausted).toEqual({ dimension: 'tokens', limit: 100, used: 120, earlier: 120 });
    expect(again.result.error?.code).toBe('CREW_BUDGET_EXHAUSTED');
    expect(again.result.tasks.map((task) => task.status)).toEqual(['Completed', 'Completed', 'Skipped', 'Skipped']);
    expect(again.kinds.slice(0, 2)).toEqual(['run.started', 'budget.exhausted']);
    expect(again.events[1]).toMatchObject({ kind: 'budget.exhausted', limit: 100, used: 120, earlier: 120 });
    expect(again.kinds).not.toContain('task.started');
    expect(again.events.at(-1)).toMatchObject({
      kind: 'run.finished',
      exitCode: 2,
      budgetExhausted: 'tokens',
      tokens: 120,
    });

    // Raised to 150: task three's 40 tokens bring the run to 160 and it stops there.
    // FOUR is queued too, so a run that wrongly went on would take it.
    context.server.enqueue({ text: 'THREE', usage: tokens(40) }, { text: 'FOUR', usage: tokens(5) });
    const raised = await run(runtime, { tokens: 150 }, true);
    expect(context.server.requests).toHaveLength(3);
    expect(raised.result.budgetExhausted).toEqual({ dimension: 'tokens', limit: 150, used: 160, earlier: 120 });
    expect(raised.result.tasks.map((task) => task.status)).toEqual(['Completed', 'Completed', 'Completed', 'Skipped']);
    expect(raised.events.find((event) => event.kind === 'cost.updated')).toMatchObject({ tokens: 160 });
    expect(raised.events.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, tokens: 160 });
    expect((await store.get(first.result.sessionId))?.usage?.tokens).toBe(160);

    // Raised enough: the run finishes, its totals counting every earlier run.
    const last = await run(runtime, { tokens: 1000 }, true);
    expect(context.server.requests).toHaveLength(4);
    expect(last.result.success).toBe(true);
    expect(last.result.output).toBe('FOUR');
    expect(last.events.find((event) => event.kind === 'cost.updated')).toMatchObject({ tokens: 165 });
    expect(last.events.at(-1)).toMatchObject({ kind: 'run.finished', success: true, exitCode: 0, tokens: 165 });
    const completed = await store.get(first.result.sessionId);
    expect(completed?.phase).toBe('Completed');
    expect(completed?.usage?.tokens).toBe(165);
  });

  it('a run that fails saves its usage last too (labelled stopped), and its resume counts on from it', async () => {
    const store = new InMemoryStateStore();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      store,
      logger: captureLogger().logger,
    });
    context.server.enqueue(
      { text: 'ONE', usage: tokens(60) },
      { error: { status: 400, message: 'broken' } },
      { text: 'THREE', usage: tokens(10) },
      { text: 'FOUR', usage: tokens(10) },
    );
    const failed = await run(runtime, { tokens: 100 }, false);
    expect(failed.result.tasks.map((task) => task.status)).toEqual(['Completed', 'Failed', 'Completed', 'Completed']);
    expect(failed.result.budgetExhausted).toBeUndefined();
    const [last] = await store.history(failed.result.sessionId);
    expect(last?.label).toBe('stopped');
    expect(last?.state.usage?.tokens).toBe(80);

    // Only the failed task runs again; its 30 tokens bring the whole run to 110 of 100.
    context.server.enqueue({ text: 'TWO', usage: tokens(30) });
    const resumed = await run(runtime, { tokens: 100 }, true);
    expect(context.server.requests).toHaveLength(5);
    expect(resumed.result.budgetExhausted).toEqual({ dimension: 'tokens', limit: 100, used: 110, earlier: 80 });
  });

  it('wall time counts only time spent running, not the pause between the stop and the resume', async () => {
    const store = new InMemoryStateStore();
    await using runtime = await createRuntime({
      model: scriptedModel(context.server),
      store,
      logger: captureLogger().logger,
    });
    context.server.enqueue({ text: 'ONE', usage: tokens(60) }, { text: 'TWO', usage: tokens(60) });
    const first = await run(runtime, { tokens: 100, wallTime: 600 }, false);
    const spentBefore = (await store.get(first.result.sessionId))?.usage?.wallTimeSeconds ?? Number.NaN;
    expect(spentBefore).toBeGreaterThan(0);

    const pauseMilliseconds = 1_000;
    await new Promise((resolve) => setTimeout(resolve, pauseMilliseconds));
    context.server.enqueue({ text: 'THREE', usage: tokens(1) }, { text: 'FOUR', usage: tokens(1) });
    const started = performance.now();
    const resumed = await run(runtime, { tokens: 1000, wallTime: 600 }, true);
    const resumeSeconds = (performance.now() - started) / 1000;
    expect(resumed.result.success).toBe(true);
    const spentAfter = (await store.get(first.result.sessionId))?.usage?.wallTimeSeconds ?? Number.NaN;
    expect(spentAfter).toBeGreaterThan(spentBefore);
    // What was added is at most the resumed run's own time, well short of the pause.
    expect(spentAfter - spentBefore).toBeLessThanOrEqual(resumeSeconds);
  });

  it('a checkpoint written by release 0.1 (no usage) still resumes: the budget counts from zero, with a debug line', async () => {
    const store = new InMemoryStateStore();
    const logs = captureLogger();
    // The state as release 0.1 saved it at a budget stop: two tasks done, no usage field.
    const release01: SessionState = {
      sessionId: 'release-0-1-session',
      crewId: 'budgeted',
      phase: 'Running',
      completedTaskIndex: 2,
      taskCheckpoints: {
        one: {
          taskId: 'one',
          status: 'Completed',
          output: 'ONE',
          timestamp: '2026-05-01T10:00:01.000Z',
          retryCount: 0,
        },
        two: {
          taskId: 'two',
          status: 'Completed',
          output: 'TWO',
          timestamp: '2026-05-01T10:00:02.000Z',
          retryCount: 0,
        },
      },
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:02.000Z',
    };
    await store.saveVersioned(release01, { label: 'started' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), store, logger: logs.logger });
    context.server.enqueue({ text: 'THREE', usage: tokens(30) }, { text: 'FOUR', usage: tokens(30) });
    const resumed = await run(runtime, { tokens: 100 }, true);
    expect(resumed.result.success).toBe(true);
    expect(resumed.result.sessionId).toBe('release-0-1-session');
    expect(resumed.events.at(-1)).toMatchObject({ kind: 'run.finished', tokens: 60 });
    expect(logs.records()).toContainEqual(
      expect.objectContaining({
        level: 20,
        session: 'release-0-1-session',
        msg: 'the checkpoint keeps no usage (written by release 0.1); the crew budget counts from zero',
      }),
    );
    expect((await store.get('release-0-1-session'))?.usage?.tokens).toBe(60);
  });
});
