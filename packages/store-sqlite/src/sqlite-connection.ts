import type Database from 'better-sqlite3';
import {
  openSqliteDatabase,
  type SqliteFileOptions,
  type SqliteStoreFileOptions,
  sqliteFileOptions,
} from './sqlite-database.js';
import { SqliteGroupCommit } from './sqlite-group-commit.js';
import { SqliteStateStoreOpenError } from './sqlite-store-errors.js';

/** What a store brings to its connection: its statements and its own "closed" error. */
export interface SqliteConnectionParts<Statements> {
  /** Prepares the store's statements on a freshly opened (and migrated) database. */
  readonly prepare: (database: Database.Database) => Statements;
  /** The error a call after `close` fails with, given the file's absolute path. */
  readonly closedError: (path: string) => Error;
}

/** An open connection and the statements prepared on it. */
export interface SqliteOpenConnection<Statements> {
  readonly database: Database.Database;
  readonly statements: Statements;
}

/**
 * The life of one store's connection to its SQLite file, the same for both SQLite
 * stores: the file is opened on first use (created, migrated, the statements
 * prepared), not when the store is made, so a store that is never used never touches
 * the disk. A failed open leaves nothing behind and the next call tries again (the
 * folder may have been made writable since). Writes queue in the connection's group
 * commit. `close` commits what is queued, then closes the file once; every call after
 * it fails with the store's own "closed" error.
 */
export class SqliteConnection<Statements, Pending = true> implements Disposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  /** The writes waiting for their commit; its writes fail with the closed error once closed. */
  readonly groupCommit: SqliteGroupCommit<Pending>;
  readonly #file: SqliteFileOptions;
  readonly #prepare: (database: Database.Database) => Statements;
  readonly #closedError: (path: string) => Error;
  #open: SqliteOpenConnection<Statements> | undefined;
  #closed = false;

  /** Checks the file options now, so a bad path or mode is refused when the store is made. */
  constructor(file: SqliteStoreFileOptions, parts: SqliteConnectionParts<Statements>) {
    this.#file = sqliteFileOptions(file);
    this.path = this.#file.path;
    this.#prepare = parts.prepare;
    this.#closedError = parts.closedError;
    this.groupCommit = new SqliteGroupCommit<Pending>(() => this.#open?.database ?? this.#closedError(this.path));
  }

  /** The connection, opening the file (and migrating an older layout) the first time. */
  open(): SqliteOpenConnection<Statements> {
    if (this.#closed) throw this.#closedError(this.path);
    if (this.#open !== undefined) return this.#open;
    const database = openSqliteDatabase(this.path, this.#file);
    let statements: Statements;
    try {
      statements = this.#prepare(database);
    } catch (error) {
      database.close();
      throw new SqliteStateStoreOpenError(this.path, error);
    }
    this.#open = { database, statements };
    return this.#open;
  }

  /** The connection with every queued write committed, so that what follows sees them. */
  ready(): SqliteOpenConnection<Statements> {
    const open = this.open();
    if (this.groupCommit.size > 0) this.groupCommit.flush();
    return open;
  }

  /**
   * Commits the queued writes (their callers are answered, none is dropped), then
   * closes the file. Closing again does nothing.
   */
  close(): void {
    const open = this.#open;
    try {
      if (open !== undefined) this.groupCommit.flush();
    } finally {
      this.#closed = true;
      this.#open = undefined;
      open?.database.close();
    }
  }

  [Symbol.dispose](): void {
    this.close();
  }
}
