import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DocumentStoreClosedError, StateStoreClosedError } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteConnection } from '../src/sqlite-connection.js';
import { SqliteStateStoreOpenError, SqliteStateStoreOptionError } from '../src/sqlite-store-errors.js';

interface NoteStatements {
  readonly insert: Database.Statement<[string]>;
  readonly count: Database.Statement<[], { n: number }>;
}

const folders: TemporaryDirectory[] = [];
let folder: string;

beforeEach(async () => {
  const created = await createTemporaryDirectory('orkeon-sqlite-connection-');
  folders.push(created);
  folder = created.path;
});

afterEach(async () => {
  for (const created of folders.splice(0)) await created.remove();
});

/** A connection whose statements use a table of its own; it records every database it prepared on. */
function notesConnection(path: string, prepared: Database.Database[] = []) {
  return new SqliteConnection<NoteStatements>(
    { path },
    {
      prepare: (database) => {
        prepared.push(database);
        database.exec('CREATE TABLE IF NOT EXISTS notes (text TEXT NOT NULL)');
        return {
          insert: database.prepare('INSERT INTO notes (text) VALUES (?)'),
          count: database.prepare('SELECT count(*) AS n FROM notes'),
        };
      },
      closedError: (closedPath) => new StateStoreClosedError(`notes at '${closedPath}'`),
    },
  );
}

/** The notes committed to the file, read on another connection. */
function committedNotes(path: string): string[] {
  const other = new Database(path, { readonly: true });
  try {
    return other
      .prepare<[], { text: string }>('SELECT text FROM notes ORDER BY rowid')
      .all()
      .map((row) => row.text);
  } finally {
    other.close();
  }
}

describe('SqliteConnection', () => {
  it('checks the file options when made, and touches the disk only on first use, once', () => {
    expect(() => new SqliteConnection({ path: ' ' }, { prepare: () => 0, closedError: () => new Error() })).toThrow(
      SqliteStateStoreOpenError,
    );
    expect(
      () =>
        new SqliteConnection(
          { path: join(folder, 'x.db'), synchronous: 'off' as never },
          { prepare: () => 0, closedError: () => new Error() },
        ),
    ).toThrow(SqliteStateStoreOptionError);

    const path = join(folder, 'nested', 'notes.db');
    const prepared: Database.Database[] = [];
    using connection = notesConnection(path, prepared);
    expect(connection.path).toBe(path);
    expect(existsSync(path)).toBe(false);

    const first = connection.open();
    expect(existsSync(path)).toBe(true);
    expect(connection.open()).toBe(first);
    expect(connection.ready()).toBe(first);
    expect(prepared).toEqual([first.database]);
    // Opened through the shared opener: WAL mode and the release's tables are there.
    expect(first.database.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.database.prepare("SELECT name FROM sqlite_master WHERE name = 'documents'").get()).toBeDefined();
  });

  it('reports a failed open with the path and the fix, and tries again on the next call', async () => {
    const blocker = join(folder, 'plain-file');
    await writeFile(blocker, 'not a folder');
    const path = join(blocker, 'notes.db');
    const prepared: Database.Database[] = [];
    using connection = notesConnection(path, prepared);

    const failure = (() => {
      try {
        connection.open();
      } catch (error) {
        return error;
      }
    })();
    expect(SqliteStateStoreOpenError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'SQLITE_STORE_OPEN_FAILED', details: { path } });
    expect((failure as Error).message).toContain(`'${path}'`);
    expect((failure as Error).message).toContain('writable directory');
    expect(prepared).toEqual([]);

    // The obstacle is gone: the same connection opens now, nothing of the failure kept.
    await rm(blocker);
    connection.open().statements.insert.run('after the fix');
    expect(committedNotes(path)).toEqual(['after the fix']);
  });

  it('closes the database a failed preparation opened, and prepares again on the next call', () => {
    const path = join(folder, 'notes.db');
    const opened: Database.Database[] = [];
    let attempts = 0;
    using connection = new SqliteConnection(
      { path },
      {
        prepare: (database) => {
          opened.push(database);
          attempts++;
          if (attempts === 1) return database.prepare('SELECT * FROM no_such_table');
          return database.prepare('SELECT 1 AS one');
        },
        closedError: () => new Error('closed'),
      },
    );
    expect(() => connection.open()).toThrow(/cannot use the database file '.*notes\.db': no such table: no_such_table/);
    expect(opened[0]?.open).toBe(false);
    expect(connection.open().statements.get()).toEqual({ one: 1 });
    expect(opened).toHaveLength(2);
    expect(opened[1]?.open).toBe(true);
  });

  it('commits queued writes on close, answers their callers, and closes the file once', async () => {
    const path = join(folder, 'notes.db');
    const prepared: Database.Database[] = [];
    const connection = notesConnection(path, prepared);
    const { statements } = connection.open();
    const writes = ['one', 'two', 'three'].map((text) =>
      connection.groupCommit.add(text, true, () => statements.insert.run(text).changes),
    );
    // Still queued: the commit would come on the next turn of the event loop.
    expect(connection.groupCommit.size).toBe(3);
    expect(committedNotes(path)).toEqual([]);

    connection.close();
    expect(await Promise.all(writes)).toEqual([1, 1, 1]);
    expect(committedNotes(path)).toEqual(['one', 'two', 'three']);
    expect(prepared[0]?.open).toBe(false);

    // A second close (or a dispose) changes nothing and throws nothing.
    connection.close();
    connection[Symbol.dispose]();
    expect(committedNotes(path)).toEqual(['one', 'two', 'three']);
  });

  it('makes ready() commit queued writes before answering', async () => {
    const path = join(folder, 'notes.db');
    using connection = notesConnection(path);
    const { statements } = connection.open();
    const write = connection.groupCommit.add('k', true, () => statements.insert.run('queued'));
    expect(connection.ready().statements.count.get()).toEqual({ n: 1 });
    await write;
  });

  it("fails every call after close with the store's own closed error", async () => {
    const path = join(folder, 'notes.db');
    const connection = new SqliteConnection(
      { path },
      {
        prepare: () => 'statements',
        closedError: (closedPath) => new DocumentStoreClosedError(`document store at '${closedPath}'`),
      },
    );
    connection.open();
    connection.close();
    for (const call of [() => connection.open(), () => connection.ready()]) {
      expect(call).toThrow(DocumentStoreClosedError);
      expect(call).toThrow(`The document store at '${path}' was closed`);
    }
    // A write that reaches the group commit after close is refused the same way, not written.
    await expect(connection.groupCommit.add('late', true, () => 'written')).rejects.toMatchObject({
      code: 'DOCUMENT_STORE_CLOSED',
    });

    // Closed before it was ever opened: still closed, and no file is made.
    const unused = notesConnection(join(folder, 'unused.db'));
    unused.close();
    expect(() => unused.open()).toThrow(StateStoreClosedError);
    expect(existsSync(join(folder, 'unused.db'))).toBe(false);
  });
});
