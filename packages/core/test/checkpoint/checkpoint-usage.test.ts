import { captureLogger } from '@orkeon/testing';
import { at, completedTask, sessionState } from '@orkeon/testing/conformance';
import { describe, expect, it } from 'vitest';
import type { CrewBudgetUsage } from '../../src/budget/crew-budget-meter.js';
import { InvalidSessionStateError } from '../../src/checkpoint/checkpoint-errors.js';
import { CheckpointManager } from '../../src/checkpoint/checkpoint-manager.js';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import { ResumeEngine } from '../../src/checkpoint/resume-engine.js';
import type { SessionState } from '../../src/checkpoint/session-state.js';

const logger = () => captureLogger().logger;

describe('usage kept with the checkpoint', () => {
  it('every state the manager saves carries the usage at that moment; recordUsage saves it alone, labelled', async () => {
    const store = new InMemoryStateStore();
    let usage: CrewBudgetUsage = { tokens: 0, costUsd: 0, toolCalls: 0, wallTimeSeconds: 0 };
    const manager = new CheckpointManager(store, { logger: logger(), usage: () => usage });
    const { sessionId } = await manager.startSession('writers');
    usage = { tokens: 60, costUsd: 0.01, toolCalls: 1, wallTimeSeconds: 1.5 };
    await manager.checkpoint(sessionId, 'research', 'sources');
    usage = { tokens: 90, costUsd: 0.02, toolCalls: 2, wallTimeSeconds: 2.5 };
    await manager.markSkipped(sessionId, 'write', 'the crew budget (tokens) is spent');
    usage = { tokens: 120, costUsd: 0.03, toolCalls: 2, wallTimeSeconds: 3 };
    await manager.recordUsage(sessionId, 'budget-exhausted');

    const history = (await store.history(sessionId)).reverse();
    expect(history.map((version) => [version.label ?? version.stepId, version.state.usage?.tokens])).toEqual([
      ['started', 0],
      ['research', 60],
      ['skipped', 90],
      ['budget-exhausted', 120],
    ]);
    const latest = await store.get(sessionId);
    expect(latest?.usage).toEqual(usage);
    expect(latest?.taskCheckpoints.research?.output).toBe('sources');
  });

  it('a manager without a usage source writes the state as before: no usage field', async () => {
    const store = new InMemoryStateStore();
    const manager = new CheckpointManager(store, { logger: logger() });
    const { sessionId } = await manager.startSession('writers');
    await manager.checkpoint(sessionId, 'research', 'sources');
    expect(Object.keys((await store.get(sessionId)) ?? {})).not.toContain('usage');
  });

  it('resume hands back the stored usage, and keeps it in the resumed state', async () => {
    const store = new InMemoryStateStore();
    const usage = { tokens: 120, costUsd: 0, toolCalls: 4, wallTimeSeconds: 12.5 };
    await store.save(
      sessionState({
        sessionId: 'stopped',
        crewId: 'writers',
        completedTaskIndex: 1,
        taskCheckpoints: { research: completedTask('research', 'sources') },
        updatedAt: at(2),
        usage,
      }),
    );
    const resumed = await new ResumeEngine(store).resume('writers');
    expect(resumed?.usage).toEqual(usage);
    expect((await store.get('stopped'))?.usage).toEqual(usage);
  });

  it('a state in the shape release 0.1 wrote (no usage) still resumes, with no usage to count on', async () => {
    const store = new InMemoryStateStore();
    // Exactly the fields release 0.1 saved (see packages/cli/test/fixtures/budget-stop-0.1/).
    const release01: SessionState = JSON.parse(
      JSON.stringify({
        sessionId: '650bbf75-0b1d-4429-aafe-2a008748858e',
        crewId: 'budget-stop',
        phase: 'Running',
        completedTaskIndex: 1,
        taskCheckpoints: {
          one: { taskId: 'one', status: 'Completed', output: 'ONE', timestamp: at(1), retryCount: 0 },
        },
        createdAt: at(0),
        updatedAt: at(1),
      }),
    );
    await store.save(release01);
    const resumed = await new ResumeEngine(store).resume('budget-stop');
    expect(resumed?.completedOutputs).toEqual({ one: 'ONE' });
    expect(resumed).not.toHaveProperty('usage');
  });

  it('a usage a budget cannot count on is refused with the field and the fix', async () => {
    const store = new InMemoryStateStore();
    const bad = (usage: unknown) => store.save(sessionState({ sessionId: 'bad', usage: usage as CrewBudgetUsage }));
    const valid = { tokens: 1, costUsd: 0.5, toolCalls: 0, wallTimeSeconds: 2 };
    await expect(bad({ ...valid, tokens: -1 })).rejects.toThrow(/usage\.tokens must be a whole number, 0 or more/);
    await expect(bad({ ...valid, toolCalls: 1.5 })).rejects.toThrow(/usage\.toolCalls must be a whole number/);
    await expect(bad({ ...valid, costUsd: Number.NaN })).rejects.toThrow(/usage\.costUsd must be a number, 0 or more/);
    await expect(bad({ ...valid, wallTimeSeconds: '3' })).rejects.toThrow(/usage\.wallTimeSeconds must be a number/);
    await expect(bad('lots')).rejects.toThrow(InvalidSessionStateError);
    await expect(bad(valid)).resolves.toBeUndefined();
  });

  it('a task start that is not a time is refused, naming the task', async () => {
    const store = new InMemoryStateStore();
    const task = { taskId: 'one', status: 'Completed' as const, timestamp: at(1), retryCount: 0 };
    const withStart = (startedAt: string) =>
      store.save(sessionState({ sessionId: 'timed', taskCheckpoints: { one: { ...task, startedAt } } }));
    await expect(withStart('soon')).rejects.toThrow(/task 'one' startedAt must be an ISO 8601 date and time/);
    await expect(withStart(at(0))).resolves.toBeUndefined();
  });
});

describe('a stored usage edited by hand', () => {
  it('is refused on resume with the field named, before the run counts on from it', async () => {
    /** A store whose file was edited: it hands back a usage no save would have let in. */
    class EditedStore extends InMemoryStateStore {
      override async latestForCrew(crewId: string): Promise<SessionState | undefined> {
        const state = await super.latestForCrew(crewId);
        return state === undefined
          ? undefined
          : { ...state, usage: { ...state.usage, tokens: -50 } as CrewBudgetUsage };
      }
    }
    const store = new EditedStore();
    await store.save(
      sessionState({
        sessionId: 'edited',
        crewId: 'writers',
        usage: { tokens: 50, costUsd: 0, toolCalls: 0, wallTimeSeconds: 1 },
      }),
    );
    await expect(new ResumeEngine(store).resume('writers')).rejects.toThrow(
      "Session 'edited' cannot be saved: usage.tokens must be a whole number, 0 or more.",
    );
  });
});
