import type { MemoryTableNames } from './memory-table-names.js';

/**
 * The layout version this release records in `<table>_schema_version`. A later release
 * that changes the table raises it and migrates tables of version 1 when it prepares them;
 * this release refuses a table of a newer version.
 */
export const postgresMemorySchemaVersion = 1;

/**
 * The memory table and what belongs to it, every statement idempotent. The memory itself
 * is `item` (jsonb, without its content and vector, which have columns of their own);
 * `type`, `source` and `tags` are copies of its fields for the searches' filters. Keys use
 * the "C" collation: they compare as bytes, as in the other stores. Words are found
 * through a GIN index over `to_tsvector('simple', content)`: no stemming and no stop words,
 * as the other stores compare words.
 */
export function memoryTableStatements(names: MemoryTableNames, embeddingType: string): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${names.table} (
      key text COLLATE "C" PRIMARY KEY,
      content text NOT NULL,
      type text NOT NULL,
      source text NOT NULL,
      tags text[] NOT NULL,
      item jsonb NOT NULL,
      embedding ${embeddingType}
    )`,
    `CREATE INDEX IF NOT EXISTS ${names.wordIndex} ON ${names.table} USING gin (to_tsvector('simple', content))`,
    `CREATE TABLE IF NOT EXISTS ${names.versionTable} (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      version integer NOT NULL,
      dimensions integer
    )`,
  ];
}
