import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { CheckpointManager } from '../../src/checkpoint/checkpoint-manager.js';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';

function setup() {
  const store = new InMemoryStateStore();
  const logs = captureLogger();
  let minute = 0;
  const clock = () => new Date(Date.UTC(2026, 4, 1, 12, minute++));
  return { store, logs, manager: new CheckpointManager(store, { logger: logs.logger, clock }) };
}

describe('CheckpointManager', () => {
  it('starts a Running session with a new UUID, saved as version 1', async () => {
    const { store, manager } = setup();
    const first = await manager.startSession('research-crew');
    const second = await manager.startSession('research-crew');
    expect(first.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await store.get(first.sessionId)).toEqual({
      sessionId: first.sessionId,
      crewId: 'research-crew',
      phase: 'Running',
      completedTaskIndex: 0,
      taskCheckpoints: {},
      createdAt: '2026-05-01T12:00:00.000Z',
      updatedAt: '2026-05-01T12:00:00.000Z',
    });
    expect(await store.history(first.sessionId)).toMatchObject([{ version: 1, label: 'started' }]);
  });

  it('checkpoint completes the task, counts it, and saves a version whose stepId is the task id', async () => {
    const { store, manager } = setup();
    const { sessionId } = await manager.startSession('crew');
    await manager.checkpoint(sessionId, 'research', 'three sources');
    await manager.checkpoint(sessionId, 'write', 'a draft');

    const state = await store.get(sessionId);
    expect(state?.completedTaskIndex).toBe(2);
    expect(state?.taskCheckpoints.research).toEqual({
      taskId: 'research',
      status: 'Completed',
      output: 'three sources',
      timestamp: '2026-05-01T12:01:00.000Z',
      retryCount: 0,
    });
    expect(state?.updatedAt).toBe('2026-05-01T12:02:00.000Z');
    const history = await store.history(sessionId);
    expect(history.map((version) => [version.version, version.stepId])).toEqual([
      [3, 'write'],
      [2, 'research'],
      [1, undefined],
    ]);
    expect(history[1]?.state.taskCheckpoints.write).toBeUndefined();
  });

  it('a task checkpointed again is not counted twice', async () => {
    const { store, manager } = setup();
    const { sessionId } = await manager.startSession('crew');
    await manager.checkpoint(sessionId, 'research', 'v1');
    await manager.checkpoint(sessionId, 'research', 'v2');
    const state = await store.get(sessionId);
    expect(state?.completedTaskIndex).toBe(1);
    expect(state?.taskCheckpoints.research?.output).toBe('v2');
  });

  it('markFailed fails the task (one more retry) and the session, with the error message', async () => {
    const { store, manager } = setup();
    const { sessionId } = await manager.startSession('crew');
    await manager.markFailed(sessionId, 'write', new Error('model timed out'));
    await manager.markFailed(sessionId, 'write', 'rate limited');

    const state = await store.get(sessionId);
    expect(state?.phase).toBe('Failed');
    expect(state?.errorMessage).toBe('rate limited');
    expect(state?.taskCheckpoints.write).toMatchObject({
      status: 'Failed',
      retryCount: 2,
      errorMessage: 'rate limited',
    });
    expect((await store.history(sessionId))[0]).toMatchObject({ stepId: 'write', label: 'failed' });

    await manager.checkpoint(sessionId, 'write', 'finally');
    expect((await store.get(sessionId))?.taskCheckpoints.write).toMatchObject({ status: 'Completed', retryCount: 2 });
  });

  it('markSkipped skips the task and keeps the reason', async () => {
    const { store, manager } = setup();
    const { sessionId } = await manager.startSession('crew');
    await manager.markSkipped(sessionId, 'translate', 'no translator configured');
    expect((await store.get(sessionId))?.taskCheckpoints.translate).toMatchObject({
      status: 'Skipped',
      errorMessage: 'no translator configured',
      retryCount: 0,
    });
    expect((await store.get(sessionId))?.phase).toBe('Running');
  });

  it('completeSession completes the session and clears its error', async () => {
    const { store, manager } = setup();
    const { sessionId } = await manager.startSession('crew');
    await manager.markFailed(sessionId, 'write', new Error('boom'));
    await manager.checkpoint(sessionId, 'write', 'ok');
    await manager.completeSession(sessionId);
    const state = await store.get(sessionId);
    expect(state?.phase).toBe('Completed');
    expect(state).not.toHaveProperty('errorMessage');
    expect((await store.history(sessionId))[0]?.label).toBe('completed');
  });

  it('an unknown session logs one warning per call and records nothing', async () => {
    const { store, manager, logs } = setup();
    expect(await manager.checkpoint('missing-session', 'task', 'out')).toBeUndefined();
    expect(await manager.markFailed('missing-session', 'task', new Error('x'))).toBeUndefined();
    expect(await manager.markSkipped('missing-session', 'task', 'why')).toBeUndefined();
    expect(await manager.completeSession('missing-session')).toBeUndefined();
    const warnings = logs.records().filter((record) => record.level === 40);
    expect(warnings.map((record) => record.operation)).toEqual([
      'checkpoint',
      'markFailed',
      'markSkipped',
      'completeSession',
    ]);
    expect(warnings[0]).toMatchObject({ sessionId: 'missing-session' });
    expect(await store.list()).toEqual([]);
    expect(await store.history('missing-session')).toEqual([]);
  });
});
