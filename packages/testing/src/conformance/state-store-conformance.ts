import type { SessionState, StateStore, TaskCheckpoint } from '@orkeon/core';
import type { ConformanceTestApi } from './conformance-test-api.js';
import { at, completedTask, sessionState } from './session-fixtures.js';

/**
 * The rules every `StateStore` keeps, run against each store (in memory, SQLite,
 * PostgreSQL) with exactly the same cases; a host's own store can run them too.
 * `createStore` gives a fresh, empty store for each test; a store with
 * `Symbol.asyncDispose` is disposed after it.
 */
export function describeStateStoreConformance(
  test: ConformanceTestApi,
  storeName: string,
  createStore: () => Promise<StateStore>,
): void {
  const { describe, it, expect, beforeEach, afterEach } = test;
  describe(`${storeName} keeps the state store rules`, () => {
    let store: StateStore;

    beforeEach(async () => {
      store = await createStore();
    });

    afterEach(async () => {
      const disposable = store as Partial<AsyncDisposable>;
      await disposable[Symbol.asyncDispose]?.();
    });

    it('gives back what was saved, and undefined for an unknown session', async () => {
      const state = sessionState({
        sessionId: 'round-trip',
        errorMessage: 'quota exceeded',
        taskCheckpoints: {
          research: completedTask('research', 'Findings: ünïcødé, "quotes", \\ and\nnew lines'),
          write: { taskId: 'write', status: 'Failed', timestamp: at(2), retryCount: 2, errorMessage: 'timeout' },
        },
      });
      await store.save(state);
      expect(await store.get('round-trip')).toEqual(state);
      expect(await store.get('never-saved')).toBeUndefined();
    });

    it('save replaces the current state of the session (upsert)', async () => {
      await store.save(sessionState({ sessionId: 'upsert', phase: 'Running' }));
      const replaced = sessionState({
        sessionId: 'upsert',
        phase: 'Completed',
        completedTaskIndex: 1,
        taskCheckpoints: { only: completedTask('only', 'done') },
        updatedAt: at(5),
      });
      await store.save(replaced);
      expect(await store.get('upsert')).toEqual(replaced);
      expect((await store.list()).map((summary) => summary.sessionId)).toEqual(['upsert']);
    });

    it('latestForCrew is the session of that crew with the greatest updatedAt, whatever the save order', async () => {
      await store.save(
        sessionState({ sessionId: 'a-newest', crewId: 'crew-a', updatedAt: '2026-03-01T09:00:00.000Z' }),
      );
      await store.save(
        sessionState({ sessionId: 'a-oldest', crewId: 'crew-a', updatedAt: '2026-01-01T09:00:00.000Z' }),
      );
      // 10:00 at +02:00 is 08:00Z: earlier than a-newest although its text sorts later.
      await store.save(
        sessionState({ sessionId: 'a-offset', crewId: 'crew-a', updatedAt: '2026-03-01T10:00:00+02:00' }),
      );
      await store.save(sessionState({ sessionId: 'b-later', crewId: 'crew-b', updatedAt: '2027-01-01T00:00:00.000Z' }));
      expect((await store.latestForCrew('crew-a'))?.sessionId).toBe('a-newest');
      expect((await store.latestForCrew('crew-b'))?.sessionId).toBe('b-later');
      expect(await store.latestForCrew('crew-none')).toBeUndefined();

      await store.save(
        sessionState({ sessionId: 'a-oldest', crewId: 'crew-a', updatedAt: '2026-04-01T00:00:00.000Z' }),
      );
      expect((await store.latestForCrew('crew-a'))?.sessionId).toBe('a-oldest');
    });

    it('list summarizes every session, newest updatedAt first', async () => {
      await store.save(
        sessionState({
          sessionId: 'older',
          crewId: 'crew-a',
          phase: 'Failed',
          taskCheckpoints: {
            one: completedTask('one', '1'),
            two: completedTask('two', '2'),
            three: { taskId: 'three', status: 'Failed', timestamp: at(3), retryCount: 1 },
            four: { taskId: 'four', status: 'Skipped', timestamp: at(4), retryCount: 0 },
          },
          updatedAt: at(10),
        }),
      );
      await store.save(sessionState({ sessionId: 'newer', crewId: 'crew-b', updatedAt: at(20) }));
      expect(await store.list()).toEqual([
        {
          sessionId: 'newer',
          crewId: 'crew-b',
          phase: 'Running',
          completedTaskCount: 0,
          createdAt: at(0),
          updatedAt: at(20),
        },
        {
          sessionId: 'older',
          crewId: 'crew-a',
          phase: 'Failed',
          completedTaskCount: 2,
          createdAt: at(0),
          updatedAt: at(10),
        },
      ]);
    });

    it('delete removes the session and its whole history', async () => {
      await store.saveVersioned(sessionState({ sessionId: 'doomed' }), { stepId: 'one' });
      const second = await store.saveVersioned(sessionState({ sessionId: 'doomed', updatedAt: at(2) }));
      await store.save(sessionState({ sessionId: 'kept' }));

      expect(await store.delete('doomed')).toBe(true);
      expect(await store.get('doomed')).toBeUndefined();
      expect(await store.history('doomed')).toEqual([]);
      expect(await store.getVersion('doomed', second.versionId)).toBeUndefined();
      expect((await store.list()).map((summary) => summary.sessionId)).toEqual(['kept']);
      expect(await store.delete('doomed')).toBe(false);

      const restarted = await store.saveVersioned(sessionState({ sessionId: 'doomed' }));
      expect(restarted.version).toBe(1);
    });

    it('versions are append-only snapshots, listed newest first, with a limit', async () => {
      const first = await store.saveVersioned(sessionState({ sessionId: 'timeline' }), { label: 'started' });
      const second = await store.saveVersioned(
        sessionState({
          sessionId: 'timeline',
          completedTaskIndex: 1,
          taskCheckpoints: { plan: completedTask('plan', 'a plan') },
          updatedAt: at(2),
        }),
        { stepId: 'plan' },
      );
      const thirdState = sessionState({
        sessionId: 'timeline',
        phase: 'Completed',
        completedTaskIndex: 2,
        taskCheckpoints: { plan: completedTask('plan', 'a plan'), build: completedTask('build', 'built') },
        updatedAt: at(3),
      });
      const third = await store.saveVersioned(thirdState, { stepId: 'build', label: 'completed' });

      expect([first.version, second.version, third.version]).toEqual([1, 2, 3]);
      expect(new Set([first.versionId, second.versionId, third.versionId]).size).toBe(3);
      expect(first.versionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(third).toMatchObject({ sessionId: 'timeline', stepId: 'build', label: 'completed', state: thirdState });
      expect(first.stepId).toBeUndefined();
      expect(Number.isNaN(Date.parse(third.createdAt))).toBe(false);
      // The versioned save also made the last state the current one.
      expect(await store.get('timeline')).toEqual(thirdState);

      const history = await store.history('timeline');
      expect(history).toEqual([third, second, first]);
      expect((await store.history('timeline', { limit: 2 })).map((version) => version.version)).toEqual([3, 2]);
      expect(await store.history('no-history')).toEqual([]);

      // A plain save changes the current state only; snapshots stay as they were.
      await store.save(sessionState({ sessionId: 'timeline', phase: 'Failed', updatedAt: at(4) }));
      expect(await store.history('timeline')).toEqual(history);
      await expect(store.history('timeline', { limit: 0 })).rejects.toMatchObject({
        code: 'CHECKPOINT_HISTORY_LIMIT_INVALID',
      });
    });

    it('getVersion finds a version by id within its session only', async () => {
      await store.saveVersioned(sessionState({ sessionId: 'one' }));
      const wanted = await store.saveVersioned(sessionState({ sessionId: 'one', phase: 'Suspended' }), {
        stepId: 'pause',
      });
      const other = await store.saveVersioned(sessionState({ sessionId: 'two' }));
      expect(await store.getVersion('one', wanted.versionId)).toEqual(wanted);
      expect(await store.getVersion('one', other.versionId)).toBeUndefined();
      expect(await store.getVersion('one', '00000000-0000-4000-8000-000000000000')).toBeUndefined();
    });

    it('objects given and returned are copies: changing them does not change the store', async () => {
      const given = structuredClone(
        sessionState({ sessionId: 'isolated', taskCheckpoints: { t: completedTask('t', 'x') } }),
      );
      await store.save(given);
      mutate(given);
      const returned = await store.get('isolated');
      expect(returned?.phase).toBe('Running');
      if (returned !== undefined) mutate(returned);
      expect(await store.get('isolated')).toEqual(
        sessionState({ sessionId: 'isolated', taskCheckpoints: { t: completedTask('t', 'x') } }),
      );

      const versionedInput = structuredClone(sessionState({ sessionId: 'isolated-v' }));
      const versioned = await store.saveVersioned(versionedInput);
      mutate(versionedInput);
      mutate(versioned.state);
      const [stored] = await store.history('isolated-v');
      expect(stored?.state).toEqual(sessionState({ sessionId: 'isolated-v' }));
      if (stored !== undefined) mutate(stored.state);
      expect((await store.getVersion('isolated-v', versioned.versionId))?.state).toEqual(
        sessionState({ sessionId: 'isolated-v' }),
      );
    });

    it('refuses session ids that are not 1 to 200 letters, digits, _ : . -', async () => {
      for (const sessionId of ['', 'has space', '../escape', "quote'd", 'semi;colon', 'x'.repeat(201), 'ünï']) {
        await expect(store.save(sessionState({ sessionId })), sessionId).rejects.toMatchObject({
          code: 'CHECKPOINT_SESSION_ID_INVALID',
        });
        await expect(store.saveVersioned(sessionState({ sessionId }))).rejects.toMatchObject({
          code: 'CHECKPOINT_SESSION_ID_INVALID',
        });
        await expect(store.get(sessionId)).rejects.toMatchObject({ code: 'CHECKPOINT_SESSION_ID_INVALID' });
      }
      expect(await store.list()).toEqual([]);

      for (const sessionId of ['crew-exec:run_1.2-3', 'y'.repeat(200)]) {
        await store.save(sessionState({ sessionId }));
        expect((await store.get(sessionId))?.sessionId).toBe(sessionId);
      }
    });

    it('refuses a state with an unknown phase or a time that does not parse', async () => {
      const bogusPhase = { ...sessionState({ sessionId: 'bad-phase' }), phase: 'Bogus' } as unknown as SessionState;
      await expect(store.save(bogusPhase)).rejects.toMatchObject({ code: 'CHECKPOINT_SESSION_STATE_INVALID' });
      await expect(
        store.save(sessionState({ sessionId: 'bad-time', updatedAt: 'yesterday-ish' })),
      ).rejects.toMatchObject({
        code: 'CHECKPOINT_SESSION_STATE_INVALID',
      });
      expect(await store.list()).toEqual([]);
    });

    it('concurrent saves of different sessions all land', async () => {
      const ids = Array.from({ length: 12 }, (_, index) => `parallel-${index}`);
      await Promise.all([
        ...ids.map((sessionId, index) => store.save(sessionState({ sessionId, updatedAt: at(index) }))),
        ...ids.map((sessionId) => store.saveVersioned(sessionState({ sessionId: `${sessionId}-v` }), { stepId: 's' })),
      ]);
      const listed = (await store.list()).map((summary) => summary.sessionId);
      expect(listed).toHaveLength(24);
      expect(new Set(listed)).toEqual(new Set([...ids, ...ids.map((id) => `${id}-v`)]));
      for (const id of ids) expect((await store.history(`${id}-v`)).map((version) => version.version)).toEqual([1]);
    });

    it('concurrent versioned saves of one session get distinct, gapless versions', async () => {
      const saved = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          store.saveVersioned(sessionState({ sessionId: 'contended', completedTaskIndex: index }), {
            stepId: `s${index}`,
          }),
        ),
      );
      expect(saved.map((version) => version.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect((await store.history('contended')).map((version) => version.version)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    });
  });
}

function mutate(state: SessionState): void {
  const writable = state as { -readonly [Key in keyof SessionState]: SessionState[Key] };
  writable.phase = 'Failed';
  writable.crewId = 'changed';
  const tasks = writable.taskCheckpoints as Record<string, TaskCheckpoint>;
  tasks.injected = completedTask('injected', 'not stored');
  for (const task of Object.values(tasks)) (task as { output?: string }).output = 'changed';
}
