import type { StoredDocument } from '@orkeon/core';
import type Database from 'better-sqlite3';

export interface DocumentRow {
  readonly key: string;
  readonly version: number;
  readonly created_at: string;
  readonly updated_at: string;
  readonly value_json: string;
}

/** The prepared statements of the document store. Keys compare as UTF-8 bytes (BINARY collation). */
export interface DocumentStatements {
  readonly get: Database.Statement<[string, string], DocumentRow>;
  readonly insert: Database.Statement;
  readonly update: Database.Statement;
  /** Inserts or replaces in one statement, answering the new version and when the document was created. */
  readonly upsert: Database.Statement<
    [{ collection: string; key: string; now: string; json: string }],
    Pick<DocumentRow, 'version' | 'created_at'>
  >;
  readonly delete: Database.Statement<[string, string]>;
  /** Parameters: collection, prefix ('' for all), after ('' for the start), limit (-1 for all). */
  readonly list: Database.Statement<
    [{ collection: string; prefix: string; after: string; limit: number }],
    DocumentRow
  >;
}

const columns = 'key, version, created_at, updated_at, value_json';

export function prepareDocumentStatements(database: Database.Database): DocumentStatements {
  return {
    get: database.prepare<[string, string], DocumentRow>(
      `SELECT ${columns} FROM documents WHERE collection = ? AND key = ?`,
    ),
    insert: database.prepare(
      `INSERT INTO documents (collection, key, version, created_at, updated_at, value_json)
       VALUES (@collection, @key, 1, @now, @now, @json)`,
    ),
    update: database.prepare(
      `UPDATE documents SET version = version + 1, updated_at = @now, value_json = @json
       WHERE collection = @collection AND key = @key`,
    ),
    upsert: database.prepare<
      [{ collection: string; key: string; now: string; json: string }],
      Pick<DocumentRow, 'version' | 'created_at'>
    >(
      `INSERT INTO documents (collection, key, version, created_at, updated_at, value_json)
       VALUES (@collection, @key, 1, @now, @now, @json)
       ON CONFLICT (collection, key) DO UPDATE
         SET version = version + 1, updated_at = excluded.updated_at, value_json = excluded.value_json
       RETURNING version, created_at`,
    ),
    delete: database.prepare<[string, string]>('DELETE FROM documents WHERE collection = ? AND key = ?'),
    // substr compares characters, so a prefix holding '%' or '_' means itself (LIKE would not).
    list: database.prepare<[{ collection: string; prefix: string; after: string; limit: number }], DocumentRow>(
      `SELECT ${columns} FROM documents
       WHERE collection = @collection AND substr(key, 1, length(@prefix)) = @prefix AND key > @after
       ORDER BY key LIMIT @limit`,
    ),
  };
}

export function documentFromRow<T>(collection: string, row: DocumentRow): StoredDocument<T> {
  return {
    collection,
    key: row.key,
    value: JSON.parse(row.value_json) as T,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
