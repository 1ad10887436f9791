import { describeCrewExecutionStatePersistence } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { describe, expect, it } from 'vitest';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';
import type { DocumentStore } from '../../src/documents/document-store.js';
import { InMemoryDocumentStore } from '../../src/documents/in-memory-document-store.js';
import { CrewExecutionStateManager } from '../../src/execution-state/crew-execution-state-manager.js';
import { toInvariantString } from '../../src/execution-state/invariant-metadata.js';

describeCrewExecutionStatePersistence(vitest, 'the in-memory store', async () => {
  // One store stands for the shared storage; a "restarted" host builds a new manager over it.
  const documents = new InMemoryDocumentStore();
  return {
    documents,
    checkpoints: new InMemoryStateStore(),
    restart: async () => documents,
    dispose: async () => undefined,
  };
});

describe('CrewExecutionStateManager in memory', () => {
  it('walks Created → Running → Completed → Archived, stamping updatedAt', async () => {
    let minute = 0;
    const manager = new CrewExecutionStateManager({ now: () => new Date(Date.UTC(2026, 0, 1, 0, minute++)) });
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
    const store = new InMemoryDocumentStore();
    const manager = new CrewExecutionStateManager({ store });
    await manager.createState('writers', 'exec-3', 'Write');
    // A store whose disk is full: it reads, but refuses every write.
    const failing: DocumentStore = {
      get: (collection, key) => store.get(collection, key),
      put: async () => {
        throw new Error('disk full');
      },
      delete: (collection, key, options) => store.delete(collection, key, options),
      list: (collection, options) => store.list(collection, options),
      close: () => store.close(),
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
