import {
  type DeleteDocumentOptions,
  type DocumentStore,
  DocumentStoreClosedError,
  type JsonValue,
  type ListDocumentsOptions,
  type PutDocumentOptions,
  type StoredDocument,
} from '@orkeon/core';
import {
  assertValidDocumentCollection,
  assertValidDocumentKey,
  assertValidExpectedVersion,
  checkExpectedVersion,
  checkListDocumentsOptions,
  documentJson,
} from '@orkeon/core/stores';
import type { SqliteSynchronousMode } from './sqlite-checkpointing-settings.js';
import { SqliteConnection } from './sqlite-connection.js';
import {
  type DocumentRow,
  type DocumentStatements,
  documentFromRow,
  prepareDocumentStatements,
} from './sqlite-document-statements.js';

export interface SqliteDocumentStoreOptions {
  /**
   * The database file, created with its folder when missing; usually the file of the
   * `SqliteStateStore`, whose tables it leaves alone (it keeps its own `documents`).
   * `:memory:` gives a private in-memory database.
   */
  readonly path: string;
  /** How long a write waits for another process's write to finish. Default 5000 ms. */
  readonly busyTimeoutMilliseconds?: number;
  /**
   * When a commit waits for the disk, as for `SqliteStateStore`: with `full` each group
   * of writes waits once, with `normal` (default) only at WAL checkpoints.
   */
  readonly synchronous?: SqliteSynchronousMode;
  /** The time written into documents; tests pass a fixed clock. */
  readonly now?: () => Date;
}

/**
 * A document store in one SQLite file (better-sqlite3), table `documents`. The file is
 * opened on first use and migrated from an older release's layout then.
 *
 * Writes (`put`, `delete`) go through a group commit (`SqliteGroupCommit`): those made
 * during one turn of the event loop are applied in call order in one transaction,
 * started as a write (`BEGIN IMMEDIATE`), on the next turn, and each promise settles
 * once that transaction has committed. A compare-and-set is checked inside it, against
 * what is stored then (by this process or another sharing the file) and what the
 * earlier writes of the group left: one that no longer holds fails alone. Reads see
 * committed documents only; a `get` of a document with a write still queued, and any
 * `list`, first commit the queued writes, so a read never misses a write made before
 * it by this store.
 */
export class SqliteDocumentStore implements DocumentStore, AsyncDisposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #now: () => Date;
  readonly #connection: SqliteConnection<DocumentStatements>;

  constructor(options: SqliteDocumentStoreOptions) {
    this.#connection = new SqliteConnection(options, {
      prepare: prepareDocumentStatements,
      closedError: (path) => new DocumentStoreClosedError(`SQLite document store at '${path}'`),
    });
    this.path = this.#connection.path;
    this.#now = options.now ?? (() => new Date());
  }

  async get<T = JsonValue>(collection: string, key: string): Promise<StoredDocument<T> | undefined> {
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    const { statements } = this.#connection.open();
    const groupCommit = this.#connection.groupCommit;
    if (groupCommit.pending(pendingKey(collection, key)) !== undefined) groupCommit.flush();
    const row = statements.get.get(collection, key);
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
    const { expectedVersion } = options;
    assertValidExpectedVersion(expectedVersion);
    const json = documentJson(collection, key, value);
    const { statements } = this.#connection.open();
    // Runs at commit time, inside the group's transaction: the version check sees what is stored then.
    return this.#connection.groupCommit.add(pendingKey(collection, key), true, (): StoredDocument<T> => {
      const now = this.#now().toISOString();
      const parameters = { collection, key, now, json };
      if (expectedVersion === undefined) {
        // No version to check: one statement inserts or replaces and answers what the document is now.
        const stored = statements.upsert.get(parameters) as Pick<DocumentRow, 'version' | 'created_at'>;
        return documentFromRow<T>(collection, { key, ...stored, updated_at: now, value_json: json });
      }
      const current = statements.get.get(collection, key);
      checkExpectedVersion(collection, key, expectedVersion, current?.version ?? 0);
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
  }

  async delete(collection: string, key: string, options: DeleteDocumentOptions = {}): Promise<boolean> {
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    const { expectedVersion } = options;
    assertValidExpectedVersion(expectedVersion);
    const { statements } = this.#connection.open();
    return this.#connection.groupCommit.add(pendingKey(collection, key), true, (): boolean => {
      if (expectedVersion !== undefined) {
        const current = statements.get.get(collection, key);
        checkExpectedVersion(collection, key, expectedVersion, current?.version ?? 0);
      }
      return statements.delete.run(collection, key).changes > 0;
    });
  }

  async list<T = JsonValue>(collection: string, options?: ListDocumentsOptions): Promise<StoredDocument<T>[]> {
    assertValidDocumentCollection(collection);
    const { prefix, after, limit } = checkListDocumentsOptions(options);
    const { statements } = this.#connection.ready();
    return statements.list
      .all({ collection, prefix: prefix ?? '', after: after ?? '', limit: limit ?? -1 })
      .map((row) => documentFromRow<T>(collection, row));
  }

  /** Commits the queued writes (their callers are answered, none is dropped), then closes the database file; the store cannot be used afterwards. */
  async close(): Promise<void> {
    this.#connection.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}

/** The group commit's key of a document: NUL is in neither a collection nor a key, so it cannot be ambiguous. */
function pendingKey(collection: string, key: string): string {
  return `${collection}\u0000${key}`;
}
