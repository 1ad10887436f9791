import { describe, expect, it } from 'vitest';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import type { StateStore } from '../../src/checkpoint/state-store.js';
import { CrewExecutionStateManager } from '../../src/execution-state/crew-execution-state-manager.js';
import { toInvariantString } from '../../src/execution-state/invariant-metadata.js';
import { describeCrewExecutionStatePersistence } from './execution-state-persistence-suite.js';

describeCrewExecutionStatePersistence('the in-memory store', async () => {
  // One store stands for the shared storage; a "restarted" host builds a new manager over it.
  const store = new InMemoryStateStore();
  return { store, restart: async () => store, dispose: async () => undefined };
});

describe('CrewExecutionStateManager in memory', () => {
  it('walks Created → Running → Completed → Archived, stamping updatedAt', async () => {
    let minute = 0;
    const manager = new CrewExecutionStateManager({ clock: () => new Date(Date.UTC(2026, 0, 1, 0, minute++)) });
    const created = await manager.createState('writers', 'exec-1', 'Write');
    expect(created).toEqual({
      executionId: 'exec-1',
      crewId: 'writers',
      status: 'Created',
      input: 'Write',
      metadata: {},
      toolsUsed: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
    expect((await manager.updateState('exec-1', { status: 'Running' })).updatedAt).toBe('2026-01-01T00:01:00.000Z');
    expect((await manager.completeState('exec-1', { output: 'text' })).status).toBe('Completed');
    const archived = await manager.archiveState('exec-1');
    expect(archived).toMatchObject({ status: 'Archived', output: 'text', createdAt: '2026-01-01T00:00:00.000Z' });
    expect(archived.updatedAt).toBe('2026-01-01T00:03:00.000Z');
  });

  it('hands out copies: changing a returned state does not change the manager', async () => {
    const manager = new CrewExecutionStateManager();
    const state = await manager.createState('writers', 'exec-2', 'Write');
    (state.metadata as Record<string, string>).injected = 'x';
    (state.toolsUsed as string[]).push('shell_command');
    expect(await manager.getState('exec-2')).toMatchObject({ metadata: {}, toolsUsed: [] });
  });

  it('a store that refuses the write leaves memory unchanged', async () => {
    const store = new InMemoryStateStore();
    const manager = new CrewExecutionStateManager({ store });
    await manager.createState('writers', 'exec-3', 'Write');
    const failing: StateStore = {
      save: async () => {
        throw new Error('disk full');
      },
      get: (sessionId) => store.get(sessionId),
      latestForCrew: (crewId) => store.latestForCrew(crewId),
      list: () => store.list(),
      delete: (sessionId) => store.delete(sessionId),
      saveVersioned: (state, options) => store.saveVersioned(state, options),
      history: (sessionId, options) => store.history(sessionId, options),
      getVersion: (sessionId, versionId) => store.getVersion(sessionId, versionId),
    };
    const broken = new CrewExecutionStateManager({ store: failing });
    await expect(broken.updateState('exec-3', { status: 'Running' })).rejects.toThrow('disk full');
    expect((await broken.getState('exec-3'))?.status).toBe('Created');
  });

  it('toInvariantString refuses values without a text form', () => {
    expect(() => toInvariantString('bad', {} as unknown as string)).toThrow(/Metadata 'bad' is of type object/);
    expect(toInvariantString('n', 1.5)).toBe('1.5');
  });
});
