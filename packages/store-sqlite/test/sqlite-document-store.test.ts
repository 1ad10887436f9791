import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentStoreService, ServiceCollection, StateStoreService } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import {
  describeConversationPersistence,
  describeCrewExecutionStatePersistence,
  describeDocumentStoreConformance,
} from '@orkeon/testing/conformance';
import Database from 'better-sqlite3';
import * as vitest from 'vitest';
import { afterEach, describe, expect, it } from 'vitest';
import { addSqliteCheckpointing, SqliteDocumentStore, SqliteStateStore, sqliteSchemaVersion } from '../src/index.js';
import {
  legacyCheckpoint,
  legacyExecutionRecord,
  legacyLongTaskId,
  legacyTaskRecord,
  writeRelease01File,
} from './release-0.1-layout.js';

const folders: TemporaryDirectory[] = [];

async function newPath(): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-sqlite-documents-');
  folders.push(folder);
  return join(folder.path, 'state.db');
}

afterEach(async () => {
  for (const folder of folders.splice(0)) await folder.remove();
});

describeDocumentStoreConformance(
  vitest,
  'SqliteDocumentStore',
  async (options) => new SqliteDocumentStore({ path: await newPath(), ...options }),
);

/** A store over `path`, and how a restarted process opens the same file again; every one is closed at the end. */
function reopenable(path: string) {
  const documents = [new SqliteDocumentStore({ path })];
  return {
    documents: documents[0] as SqliteDocumentStore,
    restart: async () => {
      const reopened = new SqliteDocumentStore({ path });
      documents.push(reopened);
      return reopened;
    },
    closeAll: async () => {
      for (const store of documents) await store.close();
    },
  };
}

describeConversationPersistence(vitest, 'the SQLite document store', async () => {
  const { documents, restart, closeAll } = reopenable(await newPath());
  return { documents, restart, dispose: closeAll };
});

describeCrewExecutionStatePersistence(vitest, 'the SQLite document store', async () => {
  const path = await newPath();
  const { documents, restart, closeAll } = reopenable(path);
  const checkpoints = new SqliteStateStore({ path });
  return {
    documents,
    checkpoints,
    restart,
    dispose: async () => {
      await closeAll();
      await checkpoints.close();
    },
  };
});

/** A file as release 0.1 left it. */
async function release01File(): Promise<string> {
  const path = await newPath();
  const database = new Database(path);
  writeRelease01File(database);
  database.close();
  return path;
}

function inspect(path: string) {
  const database = new Database(path, { readonly: true });
  try {
    return {
      userVersion: database.pragma('user_version', { simple: true }),
      sessions: database.prepare<[], { session_id: string }>('SELECT session_id FROM sessions ORDER BY 1').all(),
      versions: database.prepare<[], { n: number }>('SELECT count(*) AS n FROM session_versions').get()?.n,
      documents: database
        .prepare<[], { collection: string; key: string; version: number }>(
          'SELECT collection, key, version FROM documents ORDER BY 1, 2',
        )
        .all(),
    };
  } finally {
    database.close();
  }
}

describe('a state file of release 0.1', () => {
  it('opened by the document store first: records move to documents, checkpoints stay, nothing is lost', async () => {
    const path = await release01File();
    await using documents = new SqliteDocumentStore({ path });
    const task = await documents.get('a2a-tasks', 'task-1');
    expect(task).toEqual({
      collection: 'a2a-tasks',
      key: 'task-1',
      value: legacyTaskRecord,
      version: 1,
      createdAt: '2026-05-01T10:00:00.000Z',
      updatedAt: '2026-05-01T10:00:02.000Z',
    });
    // Stored under a digest in 0.1; a document key holds the whole id.
    expect((await documents.get('a2a-tasks', legacyLongTaskId))?.value).toMatchObject({ status: 'Cancelled' });
    expect(await documents.get('crew-executions', 'run-1')).toMatchObject({ value: legacyExecutionRecord, version: 3 });

    await using checkpoints = new SqliteStateStore({ path });
    expect((await checkpoints.list()).map((summary) => summary.sessionId)).toEqual(['checkpoint-1']);
    expect(await checkpoints.latestForCrew('a2a-task')).toBeUndefined();
    expect(await checkpoints.latestForCrew('crew-exec:writers')).toBeUndefined();
    expect(await checkpoints.get('checkpoint-1')).toEqual(legacyCheckpoint);
    expect((await checkpoints.history('checkpoint-1')).map((version) => version.version)).toEqual([1]);
    // The record's old version rows stay where history finds them.
    expect(await checkpoints.history('crew-exec:run-1')).toHaveLength(3);
    expect(inspect(path)).toMatchObject({ userVersion: sqliteSchemaVersion, versions: 4 });
  });

  it('opened by the state store first: the same migration', async () => {
    const path = await release01File();
    await using checkpoints = new SqliteStateStore({ path });
    expect((await checkpoints.list()).map((summary) => summary.sessionId)).toEqual(['checkpoint-1']);
    expect(inspect(path).documents).toEqual([
      { collection: 'a2a-tasks', key: legacyLongTaskId, version: 1 },
      { collection: 'a2a-tasks', key: 'task-1', version: 1 },
      { collection: 'crew-executions', key: 'run-1', version: 3 },
    ]);
  });

  it('is migrated once: opening again changes nothing, later writes are kept', async () => {
    const path = await release01File();
    const first = new SqliteDocumentStore({ path });
    await first.put('a2a-tasks', 'task-1', { ...legacyTaskRecord, output: 'changed' });
    await first.close();
    const before = inspect(path);
    await using second = new SqliteDocumentStore({ path });
    await using checkpoints = new SqliteStateStore({ path });
    await checkpoints.list();
    expect(inspect(path)).toEqual(before);
    expect(await second.get('a2a-tasks', 'task-1')).toMatchObject({ version: 2, value: { output: 'changed' } });
  });

  it('two stores opening the same old file together migrate it once', async () => {
    const path = await release01File();
    const stores = [
      new SqliteDocumentStore({ path }),
      new SqliteStateStore({ path }),
      new SqliteDocumentStore({ path }),
    ];
    await Promise.all([
      stores[0]?.list('a2a-tasks'),
      (stores[1] as SqliteStateStore).list(),
      stores[2]?.list('a2a-tasks'),
    ]);
    for (const store of stores) await store.close();
    expect(inspect(path).documents).toHaveLength(3);
    expect(inspect(path).sessions).toEqual([{ session_id: 'checkpoint-1' }]);
  });

  it('a migration that fails part-way leaves the file exactly as it was', async () => {
    const path = await release01File();
    // A table in the way that refuses the second record: the first one must not stay moved.
    const database = new Database(path);
    database.exec(`CREATE TABLE documents (collection TEXT NOT NULL, key TEXT NOT NULL CHECK (key <> 'run-1'),
      version INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, value_json TEXT NOT NULL,
      PRIMARY KEY (collection, key))`);
    database.close();
    const copy = `${path}.before`;
    await copyFile(path, copy);
    const store = new SqliteDocumentStore({ path });
    await expect(store.get('a2a-tasks', 'task-1')).rejects.toMatchObject({ code: 'SQLITE_STORE_OPEN_FAILED' });
    await store.close();
    const after = inspect(path);
    expect(after).toEqual({ ...inspect(copy), userVersion: 0 });
    expect(after.sessions).toHaveLength(4);
    expect(after.documents).toEqual([]);
  });

  it('a file from a later release is refused by name, and left untouched', async () => {
    const path = await newPath();
    const database = new Database(path);
    database.pragma(`user_version = ${sqliteSchemaVersion + 1}`);
    database.close();
    await using store = new SqliteDocumentStore({ path });
    await expect(store.list('a2a-tasks')).rejects.toMatchObject({
      code: 'SQLITE_STORE_SCHEMA_TOO_NEW',
      message: expect.stringContaining('Upgrade Orkeon'),
    });
    await using checkpoints = new SqliteStateStore({ path });
    await expect(checkpoints.list()).rejects.toMatchObject({ code: 'SQLITE_STORE_SCHEMA_TOO_NEW' });
    const untouched = new Database(path, { readonly: true });
    expect(untouched.pragma('user_version', { simple: true })).toBe(sqliteSchemaVersion + 1);
    expect(untouched.prepare('SELECT name FROM sqlite_master').all()).toEqual([]);
    untouched.close();
  });
});

describe('addSqliteCheckpointing', () => {
  it('registers a document store over the same file, in its own table, closed with the provider', async () => {
    const path = await newPath();
    const provider = addSqliteCheckpointing(new ServiceCollection(), { path }).build();
    const documents = provider.get(DocumentStoreService);
    expect(documents).toBeInstanceOf(SqliteDocumentStore);
    await documents.put('a2a-tasks', 'k', { a: 1 });
    expect(await provider.get(StateStoreService).list()).toEqual([]);
    await provider.dispose();
    await expect(documents.get('a2a-tasks', 'k')).rejects.toMatchObject({ code: 'DOCUMENT_STORE_CLOSED' });
    expect(inspect(path).documents).toEqual([{ collection: 'a2a-tasks', key: 'k', version: 1 }]);
  });

  it('keeps a document store the host registered', async () => {
    const hosts = new SqliteDocumentStore({ path: ':memory:' });
    const services = new ServiceCollection().addInstance(DocumentStoreService, hosts);
    addSqliteCheckpointing(services, { path: await newPath() });
    expect(services.build().get(DocumentStoreService)).toBe(hosts);
    await hosts.close();
  });
});
