import {
  type DeleteDocumentOptions,
  type DocumentStore,
  DocumentStoreClosedError,
  DocumentVersionConflictError,
  type JsonValue,
  type ListDocumentsOptions,
  type PutDocumentOptions,
  type StoredDocument,
} from '@orkeon/core';
import {
  assertValidDocumentCollection,
  assertValidDocumentKey,
  assertValidExpectedVersion,
  checkListDocumentsOptions,
  documentJson,
} from '@orkeon/core/stores';
import type pg from 'pg';
import { openPostgresConnection, type PostgresConnectionOptions } from './postgres-connection.js';
import { preparePostgresSchema } from './postgres-migration.js';
import { PostgresStateStoreSetupError, PostgresStoreSchemaTooNewError } from './postgres-store-errors.js';

export interface PostgresDocumentStoreOptions extends PostgresConnectionOptions {
  /** The time written into documents; tests pass a fixed clock. */
  readonly now?: () => Date;
}

interface DocumentRow {
  readonly key: string;
  readonly version: number;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly value: unknown;
}

const columns = 'key, version, created_at, updated_at, value';

/**
 * A document store in PostgreSQL (pg), table `documents` of the configured schema (the
 * one the `PostgresStateStore` uses, default `orkeon`). Every write is one statement, so
 * a compare-and-set holds across hosts sharing the database.
 */
export class PostgresDocumentStore implements DocumentStore, AsyncDisposable {
  readonly schema: string;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #table: string;
  readonly #now: () => Date;
  #ready: Promise<void> | undefined;
  #closed = false;

  constructor(options: PostgresDocumentStoreOptions) {
    const connection = openPostgresConnection(options);
    this.schema = connection.schema;
    this.#pool = connection.pool;
    this.#ownsPool = connection.ownsPool;
    this.#table = `"${this.schema}".documents`;
    this.#now = options.now ?? (() => new Date());
  }

  async get<T = JsonValue>(collection: string, key: string): Promise<StoredDocument<T> | undefined> {
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    await this.#prepared();
    const result = await this.#pool.query<DocumentRow>(
      `SELECT ${columns} FROM ${this.#table} WHERE collection = $1 AND key = $2`,
      [collection, key],
    );
    const row = result.rows[0];
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
    await this.#prepared();
    const now = this.#now().toISOString();
    const expected = options.expectedVersion;
    // One statement each, so the check and the write are atomic without a transaction.
    const result =
      expected === undefined
        ? await this.#pool.query<DocumentRow>(
            `INSERT INTO ${this.#table} AS d (collection, key, version, created_at, updated_at, value)
             VALUES ($1, $2, 1, $3, $3, $4::jsonb)
             ON CONFLICT (collection, key) DO UPDATE SET
               version = d.version + 1, updated_at = EXCLUDED.updated_at, value = EXCLUDED.value
             RETURNING ${columns}`,
            [collection, key, now, json],
          )
        : expected === 0
          ? await this.#pool.query<DocumentRow>(
              `INSERT INTO ${this.#table} (collection, key, version, created_at, updated_at, value)
               VALUES ($1, $2, 1, $3, $3, $4::jsonb) ON CONFLICT (collection, key) DO NOTHING
               RETURNING ${columns}`,
              [collection, key, now, json],
            )
          : await this.#pool.query<DocumentRow>(
              `UPDATE ${this.#table} SET version = version + 1, updated_at = $3, value = $4::jsonb
               WHERE collection = $1 AND key = $2 AND version = $5
               RETURNING ${columns}`,
              [collection, key, now, json, expected],
            );
    const row = result.rows[0];
    if (row === undefined) throw await this.#conflict(collection, key, expected ?? 0);
    return documentFromRow<T>(collection, row);
  }

  async delete(collection: string, key: string, options: DeleteDocumentOptions = {}): Promise<boolean> {
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    assertValidExpectedVersion(options.expectedVersion);
    await this.#prepared();
    const expected = options.expectedVersion;
    if (expected === undefined || expected === 0) {
      if (expected === 0) {
        const current = await this.#versionOf(collection, key);
        if (current !== 0) throw new DocumentVersionConflictError(collection, key, 0, current);
        return false;
      }
      const result = await this.#pool.query(`DELETE FROM ${this.#table} WHERE collection = $1 AND key = $2`, [
        collection,
        key,
      ]);
      return (result.rowCount ?? 0) > 0;
    }
    const result = await this.#pool.query(
      `DELETE FROM ${this.#table} WHERE collection = $1 AND key = $2 AND version = $3`,
      [collection, key, expected],
    );
    if ((result.rowCount ?? 0) > 0) return true;
    throw await this.#conflict(collection, key, expected);
  }

  async list<T = JsonValue>(collection: string, options?: ListDocumentsOptions): Promise<StoredDocument<T>[]> {
    assertValidDocumentCollection(collection);
    const { prefix, after, limit } = checkListDocumentsOptions(options);
    await this.#prepared();
    // left() and '>' under the column's "C" collation: byte order, and '%' or '_' in a prefix mean themselves.
    const result = await this.#pool.query<DocumentRow>(
      `SELECT ${columns} FROM ${this.#table}
       WHERE collection = $1 AND left(key, char_length($2)) = $2 AND key > $3
       ORDER BY key LIMIT $4`,
      [collection, prefix ?? '', after ?? '', limit ?? null],
    );
    return result.rows.map((row) => documentFromRow<T>(collection, row));
  }

  /** Ends the pool the store created (a pool given in the options stays open); the store cannot be used afterwards. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsPool) await this.#pool.end();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #versionOf(collection: string, key: string): Promise<number> {
    const result = await this.#pool.query<{ version: number }>(
      `SELECT version FROM ${this.#table} WHERE collection = $1 AND key = $2`,
      [collection, key],
    );
    return result.rows[0]?.version ?? 0;
  }

  async #conflict(collection: string, key: string, expected: number): Promise<DocumentVersionConflictError> {
    return new DocumentVersionConflictError(collection, key, expected, await this.#versionOf(collection, key));
  }

  #prepared(): Promise<void> {
    if (this.#closed) {
      return Promise.reject(new DocumentStoreClosedError(`PostgreSQL document store (schema '${this.schema}')`));
    }
    this.#ready ??= preparePostgresSchema(this.#pool, this.schema).catch((error: unknown) => {
      this.#ready = undefined;
      if (PostgresStoreSchemaTooNewError.isInstance(error)) throw error;
      throw new PostgresStateStoreSetupError(this.schema, error);
    });
    return this.#ready;
  }
}

function documentFromRow<T>(collection: string, row: DocumentRow): StoredDocument<T> {
  return {
    collection,
    key: row.key,
    value: row.value as T,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
