import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceCollection, StateStoreService } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeStateStoreConformance, sessionState } from '../../core/test/checkpoint/state-store-conformance.js';
import { describeCrewExecutionStatePersistence } from '../../core/test/execution-state/execution-state-persistence-suite.js';
import { addSqliteCheckpointing, SqliteStateStore, SqliteStateStoreOpenError } from '../src/index.js';

const folders: TemporaryDirectory[] = [];

async function newFolder(): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-sqlite-');
  folders.push(folder);
  return folder.path;
}

afterEach(async () => {
  for (const folder of folders.splice(0)) await folder.remove();
});

describeStateStoreConformance(
  'SqliteStateStore',
  async () => new SqliteStateStore({ path: join(await newFolder(), 'state.db') }),
);

describeCrewExecutionStatePersistence('the SQLite store', async () => {
  const path = join(await newFolder(), 'state.db');
  const stores = [new SqliteStateStore({ path })];
  return {
    store: stores[0] as SqliteStateStore,
    restart: async () => {
      const reopened = new SqliteStateStore({ path });
      stores.push(reopened);
      return reopened;
    },
    dispose: async () => {
      for (const store of stores) await store.close();
    },
  };
});

describe('SqliteStateStore on disk', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await newFolder();
  });

  it('creates the file, its folder and the tables on first use, in WAL mode', async () => {
    const path = join(folder, '.orkeon', 'nested', 'state.db');
    await using store = new SqliteStateStore({ path });
    expect(store.path).toBe(path);
    await store.save(sessionState({ sessionId: 'first' }));

    const database = new Database(path, { readonly: true });
    try {
      expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
      const tables = database
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        .all()
        .map((row) => row.name);
      expect(tables).toEqual(['session_versions', 'sessions']);
    } finally {
      database.close();
    }
  });

  it('a relative path is resolved against the working directory', () => {
    const store = new SqliteStateStore({ path: '.orkeon/state.db' });
    expect(store.path).toBe(join(process.cwd(), '.orkeon', 'state.db'));
  });

  it('keeps sessions and versions across a close and reopen', async () => {
    const path = join(folder, 'state.db');
    const first = new SqliteStateStore({ path });
    const version = await first.saveVersioned(sessionState({ sessionId: 'durable', phase: 'Suspended' }), {
      stepId: 'pause',
      label: 'before restart',
    });
    await first.close();
    await expect(first.get('durable')).rejects.toMatchObject({ code: 'STATE_STORE_CLOSED' });

    await using second = new SqliteStateStore({ path });
    expect((await second.get('durable'))?.phase).toBe('Suspended');
    expect(await second.getVersion('durable', version.versionId)).toEqual(version);
    const next = await second.saveVersioned(sessionState({ sessionId: 'durable', phase: 'Running' }));
    expect(next.version).toBe(2);
  });

  it('two stores on one file see each other and never share a version number', async () => {
    const path = join(folder, 'shared.db');
    await using left = new SqliteStateStore({ path });
    await using right = new SqliteStateStore({ path });
    const saved = [];
    for (let index = 0; index < 6; index++) {
      const store = index % 2 === 0 ? left : right;
      saved.push(await store.saveVersioned(sessionState({ sessionId: 'shared', completedTaskIndex: index })));
    }
    expect(saved.map((version) => version.version)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await right.get('shared'))?.completedTaskIndex).toBe(5);
    expect((await left.history('shared', { limit: 1 }))[0]?.version).toBe(6);
  });

  it('an unusable path is refused with an error naming the path', async () => {
    const notAFolder = join(folder, 'plain-file');
    await writeFile(notAFolder, 'not a folder');
    const underAFile = join(notAFolder, 'state.db');
    const failure = await new SqliteStateStore({ path: underAFile }).list().catch((error: unknown) => error);
    expect(SqliteStateStoreOpenError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'SQLITE_STORE_OPEN_FAILED', details: { path: underAFile } });
    expect((failure as Error).message).toContain(`'${underAFile}'`);
    expect((failure as Error).message).toContain('writable directory');

    const aFolder = join(folder, 'a-folder.db');
    await mkdir(aFolder);
    await expect(new SqliteStateStore({ path: aFolder }).get('x')).rejects.toMatchObject({
      code: 'SQLITE_STORE_OPEN_FAILED',
      message: expect.stringContaining(aFolder),
    });

    const notSqlite = join(folder, 'notes.txt');
    await writeFile(notSqlite, 'These are notes, not a database. '.repeat(200));
    await expect(
      new SqliteStateStore({ path: notSqlite }).save(sessionState({ sessionId: 's' })),
    ).rejects.toMatchObject({ code: 'SQLITE_STORE_OPEN_FAILED', message: expect.stringContaining('not a database') });

    expect(() => new SqliteStateStore({ path: '  ' })).toThrow(/path is empty/);
  });

  it(':memory: gives a private database', async () => {
    await using store = new SqliteStateStore({ path: ':memory:' });
    await store.save(sessionState({ sessionId: 'in-ram' }));
    expect((await store.list()).map((summary) => summary.sessionId)).toEqual(['in-ram']);
  });
});

describe('addSqliteCheckpointing', () => {
  it('registers the store, which the provider closes when disposed', async () => {
    const path = join(await newFolder(), 'state.db');
    const provider = addSqliteCheckpointing(new ServiceCollection(), { path }).build();
    const store = provider.get(StateStoreService);
    expect(store).toBeInstanceOf(SqliteStateStore);
    await store.save(sessionState({ sessionId: 'through-services' }));
    await provider.dispose();
    await expect(store.list()).rejects.toMatchObject({ code: 'STATE_STORE_CLOSED' });

    await using reopened = new SqliteStateStore({ path });
    expect((await reopened.get('through-services'))?.sessionId).toBe('through-services');
  });

  it('keeps a store the host registered', async () => {
    const hosts = new SqliteStateStore({ path: ':memory:' });
    const services = new ServiceCollection().addInstance(StateStoreService, hosts);
    addSqliteCheckpointing(services, { path: join(await newFolder(), 'unused.db') });
    expect(services.build().get(StateStoreService)).toBe(hosts);
    await hosts.close();
  });
});
