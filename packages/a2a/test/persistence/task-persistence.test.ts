import {
  type DocumentStore,
  InMemoryDocumentStore,
  InMemoryStateStore,
  type JsonValue,
  type StoredDocument,
} from '@orkeon/core';
import { PostgresDocumentStore, PostgresStateStore } from '@orkeon/store-postgres';
import { SqliteDocumentStore, SqliteStateStore } from '@orkeon/store-sqlite';
import {
  createTemporaryDirectory,
  type PostgresServer,
  startPostgresServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AgentDirectory,
  a2aTaskDocumentKey,
  DocumentStoreA2ATaskStore,
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
  open(): Promise<DocumentStore>;
  close(store: DocumentStore): Promise<void>;
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
      expect(await secondStore.get('a2a-tasks', 'kept-1')).toBeDefined();
    } finally {
      await second.close();
      await close(secondStore);
    }
  });
}

describe('A2A task persistence', () => {
  it('stores one document per task in a2a-tasks, keyed by task id; ids no store can key under a digest', async () => {
    const store = new InMemoryDocumentStore();
    const tasks = new DocumentStoreA2ATaskStore(store);
    const now = new Date().toISOString();
    const longId = 'x'.repeat(1025);
    for (const taskId of ['short', 'y'.repeat(1024), longId]) {
      await tasks.update(taskId, () => ({ taskId, skillId: 's', status: 'Working', createdAt: now, updatedAt: now }));
    }
    expect((await store.list('a2a-tasks')).map((document) => document.key).sort()).toEqual(
      [a2aTaskDocumentKey(longId), 'short', 'y'.repeat(1024)].sort(),
    );
    expect(a2aTaskDocumentKey(longId)).toMatch(/^sha256\.[0-9a-f]{64}$/);
    expect((await tasks.get(longId))?.taskId).toBe(longId);
    expect((await store.get('a2a-tasks', 'short'))?.value).toMatchObject({ format: 1, taskId: 'short' });
  });

  it('lists every readable record, leaving a damaged one out', async () => {
    const store = new InMemoryDocumentStore();
    const tasks = new DocumentStoreA2ATaskStore(store);
    const now = new Date().toISOString();
    await tasks.update('one', () => ({
      taskId: 'one',
      skillId: 's',
      status: 'Completed',
      createdAt: now,
      updatedAt: now,
    }));
    await store.put('a2a-tasks', 'damaged', { format: 1, taskId: 'damaged' });
    expect((await tasks.list()).map((record) => [record.taskId, record.status])).toEqual([['one', 'Completed']]);
  });

  it('never keeps task records among checkpoint sessions', async () => {
    const checkpoints = new InMemoryStateStore();
    const documents = new InMemoryDocumentStore();
    const host = await startTestHost({ store: documents });
    try {
      await postJson(`${host.url}/a2a/tasks/send`, { id: 'apart', skillId: 'echo', input: 'x' });
      expect((await documents.get('a2a-tasks', 'apart'))?.value).toMatchObject({ status: 'Completed' });
      expect(await checkpoints.list()).toEqual([]);
    } finally {
      await host.close();
    }
  });

  it('an update that loses a race with another process is applied again on the newer record', async () => {
    const shared = new InMemoryDocumentStore();
    let interfere = true;
    // Another process cancels the task between this store's read and its write.
    const racing: DocumentStore = {
      get: async <T = JsonValue>(collection: string, key: string) => {
        const read = await shared.get<T>(collection, key);
        if (interfere && read !== undefined) {
          interfere = false;
          await shared.put(collection, key, { ...(read.value as object), status: 'Cancelled' });
        }
        return read as StoredDocument<T> | undefined;
      },
      put: (collection, key, value, options) => shared.put(collection, key, value, options),
      delete: (collection, key, options) => shared.delete(collection, key, options),
      list: (collection, options) => shared.list(collection, options),
      close: () => shared.close(),
    };
    const now = new Date().toISOString();
    await new DocumentStoreA2ATaskStore(shared).update('raced', () => ({
      taskId: 'raced',
      skillId: 's',
      status: 'Working',
      createdAt: now,
      updatedAt: now,
    }));
    const stored = await new DocumentStoreA2ATaskStore(racing).update('raced', (current) =>
      current?.status === 'Cancelled' ? undefined : current && { ...current, status: 'Completed' },
    );
    expect(stored?.status).toBe('Cancelled');
    expect((await shared.get('a2a-tasks', 'raced'))?.value).toMatchObject({ status: 'Cancelled' });
  });

  it('serializes concurrent updates of one task', async () => {
    const tasks = new DocumentStoreA2ATaskStore(new InMemoryDocumentStore());
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

  describeRestart('InMemoryDocumentStore (same store instance)', () => {
    const store = new InMemoryDocumentStore();
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
    describeRestart('SqliteDocumentStore (file reopened)', () => ({
      open: async () => new SqliteDocumentStore({ path: `${folder.path}/a2a.db` }),
      close: (store) => store.close(),
    }));
    it('keeps task records out of the checkpoint sessions of the same file', async () => {
      const path = `${folder.path}/apart.db`;
      const documents = new SqliteDocumentStore({ path });
      const host = await startTestHost({ store: documents });
      await postJson(`${host.url}/a2a/tasks/send`, { id: 'apart', skillId: 'echo', input: 'x' });
      await host.close();
      await documents.close();
      await using checkpoints = new SqliteStateStore({ path });
      expect(await checkpoints.list()).toEqual([]);
      await using reopened = new SqliteDocumentStore({ path });
      expect((await reopened.get('a2a-tasks', 'apart'))?.value).toMatchObject({ status: 'Completed' });
    });
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
    describeRestart('PostgresDocumentStore (new pool)', () => ({
      open: async () => new PostgresDocumentStore({ connectionString: server.connectionString, schema }),
      close: (store) => store.close(),
    }));
    it('keeps task records out of the checkpoint sessions of the same schema', async () => {
      await using documents = new PostgresDocumentStore({ connectionString: server.connectionString, schema });
      await new DocumentStoreA2ATaskStore(documents).update('apart', () => ({
        taskId: 'apart',
        skillId: 's',
        status: 'Working',
        createdAt: '2026-05-01T10:00:00.000Z',
        updatedAt: '2026-05-01T10:00:00.000Z',
      }));
      await using checkpoints = new PostgresStateStore({ connectionString: server.connectionString, schema });
      expect((await checkpoints.list()).map((summary) => summary.sessionId)).not.toContain('a2a-task:apart');
      expect(await checkpoints.latestForCrew('a2a-task')).toBeUndefined();
    });
  });
});
