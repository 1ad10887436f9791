import { captureLogger } from '@orkeon/testing';
import { at, completedTask, sessionState } from '@orkeon/testing/conformance';
import { describe, expect, it } from 'vitest';
import { addCheckpointing } from '../../src/checkpoint/add-checkpointing.js';
import { CheckpointManager } from '../../src/checkpoint/checkpoint-manager.js';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import { ResumeEngine } from '../../src/checkpoint/resume-engine.js';
import type { SessionState } from '../../src/checkpoint/session-state.js';
import { StateStoreService } from '../../src/checkpoint/state-store.js';
import { ServiceCollection } from '../../src/services/service-collection.js';

/** A run that completed `research` and `outline`, failed `write` once, skipped `translate`, and left `publish` pending. */
function interruptedRun(overrides: Partial<SessionState> = {}): SessionState {
  return sessionState({
    sessionId: 'interrupted',
    crewId: 'writers',
    phase: 'Failed',
    completedTaskIndex: 2,
    errorMessage: 'model timed out',
    taskCheckpoints: {
      // Listed out of completion order: the timestamps give the order.
      outline: { ...completedTask('outline', 'an outline'), timestamp: at(3) },
      research: { ...completedTask('research', 'sources'), timestamp: at(2) },
      write: { taskId: 'write', status: 'Failed', timestamp: at(4), retryCount: 1, errorMessage: 'model timed out' },
      translate: { taskId: 'translate', status: 'Skipped', timestamp: at(4), retryCount: 0 },
      publish: { taskId: 'publish', status: 'Pending', timestamp: at(4), retryCount: 0 },
    },
    updatedAt: at(5),
    ...overrides,
  });
}

describe('ResumeEngine', () => {
  it('canResume: only when the latest session of the crew exists and is not Completed', async () => {
    const store = new InMemoryStateStore();
    const engine = new ResumeEngine(store);
    expect(await engine.canResume('writers')).toBe(false);
    await store.save(interruptedRun());
    expect(await engine.canResume('writers')).toBe(true);
    await store.save(sessionState({ sessionId: 'later', crewId: 'writers', phase: 'Completed', updatedAt: at(9) }));
    expect(await engine.canResume('writers')).toBe(false);
    expect(await engine.resume('writers')).toBeUndefined();
    expect(await engine.resume('nobody')).toBeUndefined();
  });

  it('reuses completed outputs and retries a failed task that has retries left', async () => {
    const store = new InMemoryStateStore();
    await store.save(interruptedRun());
    const engine = new ResumeEngine(store, { clock: () => new Date(Date.UTC(2026, 5, 1)) });

    expect(await engine.resume('writers')).toEqual({
      sessionId: 'interrupted',
      completedTaskIds: ['research', 'outline'],
      completedOutputs: { research: 'sources', outline: 'an outline' },
      skippedTaskIds: ['translate'],
    });
    const resumed = await store.get('interrupted');
    expect(resumed?.phase).toBe('Running');
    expect(resumed).not.toHaveProperty('errorMessage');
    expect(resumed?.updatedAt).toBe('2026-06-01T00:00:00.000Z');
    expect(resumed?.taskCheckpoints.write?.status).toBe('Failed');
    expect((await store.history('interrupted'))[0]?.label).toBe('resumed');
  });

  it('a failed task out of retries is left out', async () => {
    const store = new InMemoryStateStore();
    await store.save(interruptedRun());
    const result = await new ResumeEngine(store).resume('writers', { maxRetries: 1 });
    expect(result?.skippedTaskIds).toEqual(['translate', 'write']);
    expect((await store.get('interrupted'))?.taskCheckpoints.write?.status).toBe('Failed');
  });

  it('with retryFailed false a failed task is left out', async () => {
    const store = new InMemoryStateStore();
    await store.save(interruptedRun());
    const result = await new ResumeEngine(store).resume('writers', { retryFailed: false });
    expect(result?.skippedTaskIds).toEqual(['translate', 'write']);
  });

  it('with skipFailed a failed task is marked Skipped and saved, even with retries left', async () => {
    const store = new InMemoryStateStore();
    await store.save(interruptedRun());
    const result = await new ResumeEngine(store).resume('writers', { skipFailed: true, maxRetries: 10 });
    expect(result?.skippedTaskIds).toEqual(['translate', 'write']);
    expect((await store.get('interrupted'))?.taskCheckpoints.write).toMatchObject({
      status: 'Skipped',
      errorMessage: 'model timed out',
      retryCount: 1,
    });
  });

  it('resumes the latest session of the crew, end to end with CheckpointManager', async () => {
    const store = new InMemoryStateStore();
    const manager = new CheckpointManager(store, { logger: captureLogger().logger });
    const old = await manager.startSession('pipeline');
    await manager.completeSession(old.sessionId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const current = await manager.startSession('pipeline');
    await manager.checkpoint(current.sessionId, 'fetch', 'rows');
    await manager.markFailed(current.sessionId, 'transform', new Error('bad row'));

    const engine = new ResumeEngine(store);
    expect(await engine.canResume('pipeline')).toBe(true);
    const result = await engine.resume('pipeline');
    expect(result).toEqual({
      sessionId: current.sessionId,
      completedTaskIds: ['fetch'],
      completedOutputs: { fetch: 'rows' },
      skippedTaskIds: [],
    });
    await manager.checkpoint(current.sessionId, 'transform', 'clean rows');
    await manager.completeSession(current.sessionId);
    expect(await engine.canResume('pipeline')).toBe(false);
  });
});

describe('addCheckpointing', () => {
  it('registers an in-memory store when none is given', async () => {
    const provider = addCheckpointing(new ServiceCollection()).build();
    const store = provider.get(StateStoreService);
    expect(store).toBeInstanceOf(InMemoryStateStore);
    expect(provider.get(StateStoreService)).toBe(store);
  });

  it('registers the given store, and never replaces a store the host registered', () => {
    const mine = new InMemoryStateStore();
    expect(addCheckpointing(new ServiceCollection(), mine).build().get(StateStoreService)).toBe(mine);

    const hosts = new InMemoryStateStore();
    const services = new ServiceCollection().addInstance(StateStoreService, hosts);
    addCheckpointing(services);
    addCheckpointing(services, mine);
    expect(services.build().get(StateStoreService)).toBe(hosts);
  });
});
