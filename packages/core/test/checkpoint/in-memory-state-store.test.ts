import { describeStateStoreConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { InMemoryStateStore } from '../../src/checkpoint/in-memory-state-store.js';

describeStateStoreConformance(vitest, 'InMemoryStateStore', async () => new InMemoryStateStore());

vitest.describe('InMemoryStateStore with an injected clock and id generator', () => {
  vitest.it('writes the given time and id into each version', async () => {
    let seconds = 0;
    let ids = 0;
    const store = new InMemoryStateStore({
      now: () => new Date(Date.UTC(2026, 4, 1, 12, 0, seconds++)),
      newId: () => `version-${++ids}`,
    });
    const state = {
      sessionId: 's',
      crewId: 'c',
      phase: 'Running' as const,
      completedTaskIndex: 0,
      taskCheckpoints: {},
      createdAt: '2026-05-01T00:00:00.000Z',
      updatedAt: '2026-05-01T00:00:00.000Z',
    };
    const first = await store.saveVersioned(state);
    const second = await store.saveVersioned(state);
    vitest.expect([first.versionId, first.createdAt]).toEqual(['version-1', '2026-05-01T12:00:00.000Z']);
    vitest.expect([second.versionId, second.createdAt]).toEqual(['version-2', '2026-05-01T12:00:01.000Z']);
  });
});
