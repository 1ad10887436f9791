import { InMemoryStateStore, type StateStore } from '@orkeon/core';
import { PostgresStateStore } from '@orkeon/store-postgres';
import { SqliteStateStore } from '@orkeon/store-sqlite';
import {
  createTemporaryDirectory,
  type PostgresServer,
  startPostgresServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AgentDirectory,
  a2aTaskSessionId,
  StateStoreA2ATaskStore,
  sharedAgentRegistrationStore,
} from '../../src/index.js';
import { postJson, requestJson, startTestHost } from '../server/a2a-test-host.js';

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  new AgentDirectory().register({
    id: 'echo',
    name: 'Echo',
    description: 'Repeats',
    tags: [],
    kind: 'local',
    handler: async (request) => `echo: ${request.input}`,
  });
});

interface StoreFixture {
  open(): Promise<StateStore>;
  close(store: StateStore): Promise<void>;
}

/** Runs a task, cancels another, stops the server and the store, then reads both back through a new server over a reopened store. */
function describeRestart(name: string, fixture: () => StoreFixture): void {
  it(`keeps task records across a server restart on ${name}`, async () => {
    const { open, close } = fixture();
    const firstStore = await open();
    const first = await startTestHost({ store: firstStore });
    await postJson(`${first.url}/a2a/tasks/send`, { id: 'kept-1', skillId: 'echo', input: 'one' });
    await postJson(`${first.url}/a2a/tasks/send`, { id: 'kept-2', skillId: 'missing', input: 'two' });
    await postJson(`${first.url}/a2a/tasks/send`, { id: 'kept-3', skillId: 'echo', input: 'three' });
    expect((await requestJson('DELETE', `${first.url}/a2a/tasks/kept-3`)).body.status).toBe('Cancelled');
    await first.close();
    await close(firstStore);

    const secondStore = await open();
    const second = await startTestHost({ store: secondStore });
    try {
      const completed = await requestJson('GET', `${second.url}/a2a/tasks/kept-1`);
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({
        taskId: 'kept-1',
        skillId: 'echo',
        status: 'Completed',
        output: 'echo: one',
      });
      expect(Date.parse(String(completed.body.updatedAt))).toBeGreaterThanOrEqual(
        Date.parse(String(completed.body.createdAt)),
      );
      const failed = await requestJson('GET', `${second.url}/a2a/tasks/kept-2`);
      expect(failed.body).toMatchObject({ status: 'Failed', error: expect.stringContaining("'missing'") });
      expect((await requestJson('GET', `${second.url}/a2a/tasks/kept-3`)).body.status).toBe('Cancelled');
      expect((await requestJson('GET', `${second.url}/a2a/tasks/never`)).status).toBe(404);
      expect(await secondStore.get('a2a-task:kept-1')).toBeDefined();
    } finally {
      await second.close();
      await close(secondStore);
    }
  });
}

describe('A2A task persistence', () => {
  it('stores one session per task under the a2a-task: prefix, long ids under a digest', async () => {
    const store = new InMemoryStateStore();
    const tasks = new StateStoreA2ATaskStore(store);
    const now = new Date().toISOString();
    const longId = 'x'.repeat(200);
    for (const taskId of ['short', longId]) {
      await tasks.update(taskId, () => ({ taskId, skillId: 's', status: 'Working', createdAt: now, updatedAt: now }));
    }
    expect((await store.list()).map((session) => session.sessionId).sort()).toEqual(
      [a2aTaskSessionId(longId), 'a2a-task:short'].sort(),
    );
    expect(a2aTaskSessionId(longId)).toMatch(/^a2a-task:sha256\.[0-9a-f]{64}$/);
    expect((await tasks.get(longId))?.taskId).toBe(longId);
  });

  it('serializes concurrent updates of one task', async () => {
    const tasks = new StateStoreA2ATaskStore(new InMemoryStateStore());
    const now = new Date().toISOString();
    await tasks.update('t', () => ({
      taskId: 't',
      skillId: 's',
      status: 'Working',
      createdAt: now,
      updatedAt: now,
      output: '',
    }));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        tasks.update('t', (current) => current && { ...current, output: `${current.output ?? ''}x` }),
      ),
    );
    expect((await tasks.get('t'))?.output).toBe('x'.repeat(20));
  });

  describeRestart('InMemoryStateStore (same store instance)', () => {
    const store = new InMemoryStateStore();
    return { open: async () => store, close: async () => {} };
  });

  describe('on SQLite', () => {
    let folder: TemporaryDirectory;
    beforeAll(async () => {
      folder = await createTemporaryDirectory();
    });
    afterAll(async () => {
      await folder?.remove();
    });
    describeRestart('SqliteStateStore (file reopened)', () => ({
      open: async () => new SqliteStateStore({ path: `${folder.path}/a2a.db` }),
      close: async (store) => (store as SqliteStateStore).close(),
    }));
  });

  describe('on PostgreSQL', () => {
    let server: PostgresServer;
    const schema = `a2a_${process.pid}`;
    beforeAll(async () => {
      server = await startPostgresServer();
    });
    afterAll(async () => {
      await server?.stop();
    });
    describeRestart('PostgresStateStore (new pool)', () => ({
      open: async () => new PostgresStateStore({ connectionString: server.connectionString, schema }),
      close: async (store) => (store as PostgresStateStore).close(),
    }));
  });
});
