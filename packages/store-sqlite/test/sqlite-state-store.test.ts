import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ServiceCollection, StateStoreService } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { describeStateStoreConformance, sessionState } from '@orkeon/testing/conformance';
import Database from 'better-sqlite3';
import * as vitest from 'vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addSqliteCheckpointing,
  SqliteStateStore,
  SqliteStateStoreOpenError,
  SqliteStateStoreOptionError,
  sqliteSchemaVersion,
} from '../src/index.js';

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
  vitest,
  'SqliteStateStore',
  async () => new SqliteStateStore({ path: join(await newFolder(), 'state.db') }),
);

describe('SqliteStateStore on disk', () => {
  let folder: string;

  beforeEach(async () => {
    folder = await newFolder();
  });

  it('syncs at WAL checkpoints by default and at every commit with synchronous: full', async () => {
    // `synchronous` belongs to a connection: read it on the store's own, caught through the spy.
    const pragma = vi.spyOn(Database.prototype, 'pragma');
    const levels: unknown[] = [];
    try {
      for (const synchronous of [undefined, 'full', 'normal'] as const) {
        await using store = new SqliteStateStore({
          path: join(folder, `${synchronous ?? 'default'}.db`),
          ...(synchronous === undefined ? {} : { synchronous }),
        });
        pragma.mockClear();
        await store.save(sessionState({ sessionId: 'one' }));
        const connection = pragma.mock.contexts[0] as Database.Database;
        levels.push(connection.pragma('synchronous', { simple: true }));
      }
    } finally {
      pragma.mockRestore();
    }
    // SQLite's numbers: 1 is NORMAL, 2 is FULL.
    expect(levels).toEqual([1, 2, 1]);
  });

  it('commits saves made in one turn of the event loop together, answering each once committed', async () => {
    const path = join(folder, 'state.db');
    await using store = new SqliteStateStore({ path });
    await store.save(sessionState({ sessionId: 'opened' }));
    const transaction = vi.spyOn(Database.prototype, 'transaction');
    const other = new Database(path, { readonly: true });
    try {
      const saves = Array.from({ length: 20 }, (_, index) => store.save(sessionState({ sessionId: `s${index}` })));
      // Not committed yet: another connection does not see them, this store does.
      expect(other.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 1 });
      expect((await store.get('s7'))?.sessionId).toBe('s7');
      await Promise.all(saves);
      expect(other.prepare('SELECT count(*) AS n FROM sessions').get()).toEqual({ n: 21 });
      expect(transaction).toHaveBeenCalledTimes(1);
    } finally {
      transaction.mockRestore();
      other.close();
    }
  });

  it('fails only the save the database refuses when a group is committed', async () => {
    const path = join(folder, 'state.db');
    await using store = new SqliteStateStore({ path });
    await store.save(sessionState({ sessionId: 'opened' }));
    const admin = new Database(path);
    admin.exec(
      "CREATE TRIGGER refuse_bad BEFORE INSERT ON sessions WHEN NEW.session_id = 'bad' BEGIN SELECT RAISE(ABORT, 'refused by trigger'); END;",
    );
    admin.close();
    const outcomes = await Promise.allSettled(
      ['good1', 'bad', 'good2'].map((sessionId) => store.save(sessionState({ sessionId }))),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused by trigger' });
    expect((await store.list()).map((summary) => summary.sessionId).sort()).toEqual(['good1', 'good2', 'opened']);
  });

  it('keeps the order of a pending save and a later versioned save or delete, and commits pending saves on close', async () => {
    const path = join(folder, 'state.db');
    const store = new SqliteStateStore({ path });
    const first = store.save(sessionState({ sessionId: 'ordered', phase: 'Running' }));
    await store.saveVersioned(sessionState({ sessionId: 'ordered', phase: 'Completed' }));
    await first;
    expect((await store.get('ordered'))?.phase).toBe('Completed');

    const doomed = store.save(sessionState({ sessionId: 'doomed' }));
    expect(await store.delete('doomed')).toBe(true);
    await doomed;
    expect(await store.get('doomed')).toBeUndefined();

    const last = store.save(sessionState({ sessionId: 'last' }));
    await store.close();
    await last;
    await using reopened = new SqliteStateStore({ path });
    expect((await reopened.get('last'))?.sessionId).toBe('last');
  });

  it('refuses an unknown synchronous mode, naming the option and the allowed values', () => {
    expect(() => new SqliteStateStore({ path: join(folder, 'state.db'), synchronous: 'off' as never })).toThrow(
      SqliteStateStoreOptionError,
    );
    expect(() => new SqliteStateStore({ path: join(folder, 'state.db'), synchronous: 'off' as never })).toThrow(
      "The SQLite state store option 'synchronous' is \"off\"; use 'normal' or 'full'.",
    );
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
      expect(tables).toEqual(['documents', 'session_versions', 'sessions']);
      expect(database.pragma('user_version', { simple: true })).toBe(sqliteSchemaVersion);
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
