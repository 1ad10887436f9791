import {
  assertValidDocumentCollection,
  assertValidDocumentKey,
  assertValidExpectedVersion,
  checkExpectedVersion,
  checkListDocumentsOptions,
  type DeleteDocumentOptions,
  type DocumentStore,
  DocumentStoreClosedError,
  documentJson,
  type JsonValue,
  type ListDocumentsOptions,
  type PutDocumentOptions,
  type StoredDocument,
} from '@orkeon/core';
import type Database from 'better-sqlite3';
import type { SqliteSynchronousMode } from './sqlite-checkpointing-settings.js';
import { openSqliteDatabase, sqliteFileOptions } from './sqlite-database.js';
import { type DocumentStatements, documentFromRow, prepareDocumentStatements } from './sqlite-document-statements.js';
import { SqliteStateStoreOpenError } from './sqlite-store-errors.js';

export interface SqliteDocumentStoreOptions {
  /**
   * The database file, created with its folder when missing; usually the file of the
   * `SqliteStateStore`, whose tables it leaves alone (it keeps its own `documents`).
   * `:memory:` gives a private in-memory database.
   */
  readonly path: string;
  /** How long a write waits for another process's write to finish. Default 5000 ms. */
  readonly busyTimeoutMilliseconds?: number;
  /** When a write waits for the disk, as for `SqliteStateStore`. Default `normal`. */
  readonly synchronous?: SqliteSynchronousMode;
  /** The time written into documents; tests pass a fixed clock. */
  readonly now?: () => Date;
}

/**
 * A document store in one SQLite file (better-sqlite3), table `documents`. Each write
 * is one transaction started as a write (`BEGIN IMMEDIATE`), so a compare-and-set holds
 * across processes sharing the file. The file is opened on first use and migrated from
 * an older release's layout then.
 */
export class SqliteDocumentStore implements DocumentStore, AsyncDisposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #file: ReturnType<typeof sqliteFileOptions>;
  readonly #now: () => Date;
  #database: Database.Database | undefined;
  #statements: DocumentStatements | undefined;
  #closed = false;

  constructor(options: SqliteDocumentStoreOptions) {
    this.#file = sqliteFileOptions(options);
    this.path = this.#file.path;
    this.#now = options.now ?? (() => new Date());
  }

  async get<T = JsonValue>(collection: string, key: string): Promise<StoredDocument<T> | undefined> {
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    const row = this.#open().statements.get.get(collection, key);
    return row === undefined ? undefined : documentFromRow<T>(collection, row);
  }

  async put<T = JsonValue>(
    collection: string,
    key: string,
    value: T,
    options: PutDocumentOptions = {},
  ): Promise<StoredDocument<T>> {
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    assertValidExpectedVersion(options.expectedVersion);
    const json = documentJson(collection, key, value);
    const { database, statements } = this.#open();
    const write = database.transaction((): StoredDocument<T> => {
      const current = statements.get.get(collection, key);
      checkExpectedVersion(collection, key, options.expectedVersion, current?.version ?? 0);
      const now = this.#now().toISOString();
      const parameters = { collection, key, now, json };
      if (current === undefined) statements.insert.run(parameters);
      else statements.update.run(parameters);
      return documentFromRow<T>(collection, {
        key,
        version: (current?.version ?? 0) + 1,
        created_at: current?.created_at ?? now,
        updated_at: now,
        value_json: json,
      });
    });
    return write.immediate();
  }

  async delete(collection: string, key: string, options: DeleteDocumentOptions = {}): Promise<boolean> {
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    assertValidExpectedVersion(options.expectedVersion);
    const { database, statements } = this.#open();
    const remove = database.transaction((): boolean => {
      if (options.expectedVersion !== undefined) {
        const current = statements.get.get(collection, key);
        checkExpectedVersion(collection, key, options.expectedVersion, current?.version ?? 0);
      }
      return statements.delete.run(collection, key).changes > 0;
    });
    return remove.immediate();
  }

  async list<T = JsonValue>(collection: string, options?: ListDocumentsOptions): Promise<StoredDocument<T>[]> {
    assertValidDocumentCollection(collection);
    const { prefix, after, limit } = checkListDocumentsOptions(options);
    return this.#open()
      .statements.list.all({ collection, prefix: prefix ?? '', after: after ?? '', limit: limit ?? -1 })
      .map((row) => documentFromRow<T>(collection, row));
  }

  /** Closes the database file; the store cannot be used afterwards. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#statements = undefined;
    this.#database?.close();
    this.#database = undefined;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #open(): { database: Database.Database; statements: DocumentStatements } {
    if (this.#closed) throw new DocumentStoreClosedError(`SQLite document store at '${this.path}'`);
    if (this.#database !== undefined && this.#statements !== undefined) {
      return { database: this.#database, statements: this.#statements };
    }
    const database = openSqliteDatabase(this.path, this.#file);
    try {
      this.#statements = prepareDocumentStatements(database);
    } catch (error) {
      database.close();
      throw new SqliteStateStoreOpenError(this.path, error);
    }
    this.#database = database;
    return { database, statements: this.#statements };
  }
}
