import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DocumentVersionConflictError } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqliteDocumentStore } from '../src/index.js';

const folders: TemporaryDirectory[] = [];
let path: string;
/** Readers on a second connection: they see only what the store has committed. */
const others: Database.Database[] = [];

beforeEach(async () => {
  const folder = await createTemporaryDirectory('orkeon-sqlite-group-');
  folders.push(folder);
  path = join(folder.path, 'state.db');
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const other of others.splice(0)) other.close();
  for (const folder of folders.splice(0)) await folder.remove();
});

/** The store's file seen from another connection: the keys of `a2a-tasks` committed so far. */
function committedKeys(): string[] {
  const other = new Database(path, { readonly: true });
  others.push(other);
  return other
    .prepare<[], { key: string }>("SELECT key FROM documents WHERE collection = 'a2a-tasks' ORDER BY key")
    .all()
    .map((row) => row.key);
}

/** A clock that moves one second per call, so each write has its own time. */
function steppingClock(): () => Date {
  let tick = 0;
  return () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++));
}

describe('SqliteDocumentStore group commit', () => {
  it('commits the writes of one event-loop turn in one transaction, answering each once committed', async () => {
    await using store = new SqliteDocumentStore({ path });
    await store.put('a2a-tasks', 'opened', { n: 0 });
    const transaction = vi.spyOn(Database.prototype, 'transaction');
    const puts = Array.from({ length: 20 }, (_, index) => store.put('a2a-tasks', `task-${index}`, { n: index }));
    const removal = store.delete('a2a-tasks', 'opened');
    // Queued, not committed: another connection sees the file as it was.
    expect(committedKeys()).toEqual(['opened']);
    const settled = await Promise.all(puts);
    expect(settled.map((document) => document.version)).toEqual(Array(20).fill(1));
    expect(await removal).toBe(true);
    expect(committedKeys()).toHaveLength(20);
    expect(transaction).toHaveBeenCalledTimes(1);
  });

  it('fails only the compare-and-set that no longer holds; later writes in the group see earlier ones', async () => {
    await using store = new SqliteDocumentStore({ path });
    await store.put('a2a-tasks', 'shared', 'v1');
    const transaction = vi.spyOn(Database.prototype, 'transaction');
    const outcomes = await Promise.allSettled([
      store.put('a2a-tasks', 'shared', 'first', { expectedVersion: 1 }),
      store.put('a2a-tasks', 'shared', 'lost the race', { expectedVersion: 1 }),
      store.put('a2a-tasks', 'fresh', 'created', { expectedVersion: 0 }),
      store.put('a2a-tasks', 'shared', 'second', { expectedVersion: 2 }),
      store.delete('a2a-tasks', 'fresh', { expectedVersion: 7 }),
    ]);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    const lost = (outcomes[1] as PromiseRejectedResult).reason;
    expect(DocumentVersionConflictError.isInstance(lost)).toBe(true);
    expect(lost).toMatchObject({ expectedVersion: 1, actualVersion: 2 });
    expect((outcomes[4] as PromiseRejectedResult).reason).toMatchObject({ expectedVersion: 7, actualVersion: 1 });
    expect((outcomes[3] as PromiseFulfilledResult<{ version: number }>).value.version).toBe(3);
    expect(await store.get('a2a-tasks', 'shared')).toMatchObject({ value: 'second', version: 3 });
    expect(await store.get('a2a-tasks', 'fresh')).toMatchObject({ value: 'created', version: 1 });
  });

  it('applies writes to one key in call order, each answered with its own version and time', async () => {
    await using store = new SqliteDocumentStore({ path, now: steppingClock() });
    const writes = [
      store.put('a2a-tasks', 'k', 'one'),
      store.put('a2a-tasks', 'k', 'two'),
      store.delete('a2a-tasks', 'k'),
      store.put('a2a-tasks', 'k', 'three'),
      store.put('a2a-tasks', 'k', 'four'),
    ];
    const [one, two, deleted, three, four] = await Promise.all(writes);
    expect([one, two, three, four].map((document) => (document as { version: number }).version)).toEqual([1, 2, 1, 2]);
    expect(deleted).toBe(true);
    expect(two).toMatchObject({ createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:01.000Z' });
    // Written again after the delete: a new document with a new creation time.
    expect(four).toMatchObject({ createdAt: '2026-01-01T00:00:02.000Z', updatedAt: '2026-01-01T00:00:03.000Z' });
    expect(await store.get('a2a-tasks', 'k')).toEqual(four);
  });

  it('get of a document with a queued write commits the queue first; get of another document does not', async () => {
    await using store = new SqliteDocumentStore({ path });
    await store.put('a2a-tasks', 'settled', 'old');
    const queued = store.put('a2a-tasks', 'queued', 'new');
    expect(await store.get('a2a-tasks', 'settled')).toMatchObject({ value: 'old' });
    expect(committedKeys()).toEqual(['settled']);
    const read = await store.get('a2a-tasks', 'queued');
    expect(committedKeys()).toEqual(['queued', 'settled']);
    expect(read).toEqual(await queued);

    const another = store.put('a2a-tasks', 'listed', 'x');
    expect((await store.list('a2a-tasks')).map((document) => document.key)).toEqual(['listed', 'queued', 'settled']);
    expect((await another).version).toBe(1);
  });

  it('close commits the queued writes and answers their callers', async () => {
    const store = new SqliteDocumentStore({ path });
    const queued = [store.put('a2a-tasks', 'a', 1), store.put('a2a-tasks', 'b', 2)];
    await store.close();
    expect((await Promise.all(queued)).map((document) => document.key)).toEqual(['a', 'b']);
    await expect(store.put('a2a-tasks', 'c', 3)).rejects.toMatchObject({ code: 'DOCUMENT_STORE_CLOSED' });
    await using reopened = new SqliteDocumentStore({ path });
    expect((await reopened.list('a2a-tasks')).map((document) => document.value)).toEqual([1, 2]);
  });

  it('a write the database refuses fails alone, whether it ends its statement or the whole transaction', async () => {
    await using store = new SqliteDocumentStore({ path });
    await store.put('a2a-tasks', 'opened', 0);
    const admin = new Database(path);
    admin.exec(`
      CREATE TRIGGER refuse_statement BEFORE INSERT ON documents WHEN NEW.key = 'bad-statement'
        BEGIN SELECT RAISE(ABORT, 'refused by trigger'); END;
      CREATE TRIGGER refuse_transaction BEFORE INSERT ON documents WHEN NEW.key = 'bad-transaction'
        BEGIN SELECT RAISE(ROLLBACK, 'transaction ended by trigger'); END;`);
    admin.close();
    const keys = ['good-1', 'bad-statement', 'good-2', 'bad-transaction', 'good-3'];
    const outcomes = await Promise.allSettled(keys.map((key) => store.put('a2a-tasks', key, key)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused by trigger' });
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ message: 'transaction ended by trigger' });
    expect(committedKeys()).toEqual(['good-1', 'good-2', 'good-3', 'opened']);
  });

  it('fails the whole group at once when another process holds the write lock past busy_timeout', async () => {
    await using store = new SqliteDocumentStore({ path, busyTimeoutMilliseconds: 50 });
    await store.put('a2a-tasks', 'opened', 0);
    const locker = new Database(path);
    others.push(locker);
    locker.exec('BEGIN IMMEDIATE');
    const transaction = vi.spyOn(Database.prototype, 'transaction');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) => store.put('a2a-tasks', `k${index}`, index)),
    );
    expect(outcomes.map((outcome) => (outcome as PromiseRejectedResult).reason?.code)).toEqual(
      Array(5).fill('SQLITE_BUSY'),
    );
    // One attempt for the group, not one more per write, each waiting out the time-out again.
    expect(transaction).toHaveBeenCalledTimes(1);
    locker.exec('ROLLBACK');
    expect((await store.put('a2a-tasks', 'after', 1)).version).toBe(1);
  });

  it('commits with the synchronous mode it was given: normal by default, full on request', async () => {
    const pragma = vi.spyOn(Database.prototype, 'pragma');
    const levels: unknown[] = [];
    for (const synchronous of [undefined, 'full'] as const) {
      await using store = new SqliteDocumentStore({
        path: join(path, '..', `${synchronous ?? 'default'}.db`),
        ...(synchronous === undefined ? {} : { synchronous }),
      });
      pragma.mockClear();
      await store.put('a2a-tasks', 'one', 1);
      const connection = pragma.mock.contexts[0] as Database.Database;
      levels.push(connection.pragma('synchronous', { simple: true }));
    }
    // SQLite's numbers: 1 is NORMAL, 2 is FULL.
    expect(levels).toEqual([1, 2]);
  });

  it('keeps an answered write through a crash of the process; the queued group is gone as a whole', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--conditions=@orkeon/source',
        '--import',
        pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
        fileURLToPath(new URL('./document-writer-process.ts', import.meta.url)),
        path,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('close', (_, killed) => resolve(killed)),
    );
    expect(output).toBe('acknowledged 1\n');
    expect(signal).toBe('SIGKILL');
    expect(committedKeys()).toEqual(['acknowledged']);
  });
});
