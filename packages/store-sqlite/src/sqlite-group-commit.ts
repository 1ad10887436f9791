import type Database from 'better-sqlite3';

/** One queued write: run inside the group's transaction, its result or error handed to its caller. */
type Write = (database: Database.Database) => unknown;

interface PendingWrite {
  readonly write: Write;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

interface Savepoint {
  readonly database: Database.Database;
  readonly begin: Database.Statement;
  readonly release: Database.Statement;
  readonly undo: Database.Statement;
}

/**
 * Group commit for one SQLite connection, shared by both SQLite stores. Writes queued
 * while the event loop is busy are applied on its next turn, in call order, in one
 * transaction started as a write (`BEGIN IMMEDIATE`): each commit writes whole pages
 * (and, with `synchronous: full`, waits for the disk), so concurrent tasks share that
 * cost. Each write runs in its own savepoint: one that throws (a compare-and-set that
 * no longer holds, a row the database refuses) is undone alone and fails only its
 * caller, and a later write in the group sees what the earlier ones wrote.
 *
 * Every promise settles only after the transaction holding its write has committed,
 * so no caller is told "written" for a write a crash could still take back (with
 * `synchronous: normal` a power cut may, as for any commit in that mode). A crash
 * before the commit loses the whole group and nothing its callers were told of.
 *
 * The trade-off: a write is answered one turn later, and readers see it only once
 * committed; each store says how its reads treat pending writes (`pending`, `flush`).
 */
export class SqliteGroupCommit<Pending = true> {
  readonly #queue: PendingWrite[] = [];
  /** What each key's newest queued write left for readers to see, for stores that answer from it. */
  readonly #pendingByKey = new Map<string, Pending>();
  readonly #database: () => Database.Database | Error;
  #savepoint: Savepoint | undefined;

  /** `database` gives the connection to write to, or the error to fail queued writes with (a closed store). */
  constructor(database: () => Database.Database | Error) {
    this.#database = database;
  }

  /** How many writes wait for their commit. */
  get size(): number {
    return this.#queue.length;
  }

  /**
   * Queues `write` for the next group, under `key` with what a reader may see meanwhile.
   * The promise settles once the group is committed, with what `write` returned or threw.
   */
  add<R>(key: string, pending: Pending, write: (database: Database.Database) => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      this.#pendingByKey.set(key, pending);
      if (this.#queue.length === 1) setImmediate(() => this.flush());
    });
  }

  /** What the newest write queued under `key` gave, while it waits for its commit. */
  pending(key: string): Pending | undefined {
    return this.#pendingByKey.get(key);
  }

  /** Commits every queued write now, then settles their promises. */
  flush(): void {
    const writes = this.#queue.splice(0);
    this.#pendingByKey.clear();
    if (writes.length === 0) return;
    const database = this.#database();
    if (database instanceof Error) {
      for (const entry of writes) entry.reject(database);
      return;
    }
    const outcomes = this.#commit(database, writes);
    writes.forEach((entry, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) entry.resolve(outcome.value);
      else entry.reject(outcome.error);
    });
  }

  #commit(database: Database.Database, writes: readonly PendingWrite[]): Outcome[] {
    const savepoint = this.#savepointFor(database);
    let began = false;
    try {
      return database
        .transaction((): Outcome[] => {
          began = true;
          return writes.map((entry) => inSavepoint(database, savepoint, entry.write));
        })
        .immediate();
    } catch (error) {
      // The write lock was not obtained (another process held it past busy_timeout):
      // each write alone would wait and fail the same way, so the group fails as one.
      if (!began) return writes.map(() => ({ ok: false, error }));
      // The transaction as a whole failed (a write that ended it, a commit the disk
      // refused): nothing of it stays, so each write is tried again in its own
      // transaction, and a failure fails only its caller.
      return writes.map((entry) => attempt(() => database.transaction(entry.write).immediate(database)));
    }
  }

  #savepointFor(database: Database.Database): Savepoint {
    if (this.#savepoint?.database !== database) {
      this.#savepoint = {
        database,
        begin: database.prepare('SAVEPOINT orkeon_group_write'),
        release: database.prepare('RELEASE orkeon_group_write'),
        undo: database.prepare('ROLLBACK TO orkeon_group_write'),
      };
    }
    return this.#savepoint;
  }
}

function inSavepoint(database: Database.Database, savepoint: Savepoint, write: Write): Outcome {
  savepoint.begin.run();
  try {
    const value = write(database);
    savepoint.release.run();
    return { ok: true, value };
  } catch (error) {
    // SQLite ended the whole transaction (a trigger's RAISE(ROLLBACK), a full disk): the group must be redone.
    if (!database.inTransaction) throw error;
    savepoint.undo.run();
    savepoint.release.run();
    return { ok: false, error };
  }
}

function attempt(run: () => unknown): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}
