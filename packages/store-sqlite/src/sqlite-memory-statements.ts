import type { MemoryItem, MemoryType } from '@orkeon/core';
import type Database from 'better-sqlite3';

/**
 * Its own tables beside the other stores' (created when missing, so a file of an earlier
 * release gains them untouched): the memory as JSON with the columns searches filter on,
 * its vector as little-endian float32, and an FTS5 index of its content.
 */
const memorySchema = `
CREATE TABLE IF NOT EXISTS memory_items (
  key TEXT PRIMARY KEY NOT NULL,
  type TEXT NOT NULL,
  source TEXT NOT NULL,
  dimensions INTEGER,
  embedding BLOB,
  item_json TEXT NOT NULL
) STRICT;
CREATE VIRTUAL TABLE IF NOT EXISTS memory_items_text USING fts5(key UNINDEXED, content);
`;

/**
 * Which row of the word index holds each memory's content: FTS5 finds a row fast only
 * by its rowid, and a delete by key would read the whole index. Files written before
 * this table existed gain it, filled from the word index once.
 */
const textRowsSchema = `
CREATE TABLE IF NOT EXISTS memory_text_rows (
  key TEXT PRIMARY KEY NOT NULL,
  text_rowid INTEGER NOT NULL
) STRICT;
`;

function createMemoryTables(database: Database.Database): void {
  const hasTextRows = database
    .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'memory_text_rows'")
    .get();
  if (hasTextRows !== undefined) return;
  database
    .transaction(() => {
      database.exec(memorySchema);
      database.exec(textRowsSchema);
      database.exec(
        'INSERT OR REPLACE INTO memory_text_rows (key, text_rowid) SELECT key, rowid FROM memory_items_text',
      );
    })
    .immediate();
}

interface MemoryRow {
  readonly key: string;
  readonly type: MemoryType;
  readonly source: string;
  /** The tags as JSON text. */
  readonly tags: string | null;
  readonly embedding: Buffer | null;
}

/** How much of the file this connection maps into memory: the rows a search returns are read at random by key, and a mapped page costs no read call. */
const mappedBytes = 256 * 1024 * 1024;

export function prepareMemoryStatements(database: Database.Database) {
  database.pragma(`mmap_size = ${mappedBytes}`);
  createMemoryTables(database);
  return {
    get: database.prepare<[string], StoredMemory>('SELECT item_json, embedding FROM memory_items WHERE key = ?'),
    itemOnly: database.prepare<[string], { item_json: string }>('SELECT item_json FROM memory_items WHERE key = ?'),
    dataVersion: database.prepare<[], number>('PRAGMA data_version').pluck(),
    upsert: database.prepare(
      'INSERT INTO memory_items (key, type, source, dimensions, embedding, item_json) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET type = excluded.type, source = excluded.source, dimensions = excluded.dimensions, embedding = excluded.embedding, item_json = excluded.item_json',
    ),
    deleteItem: database.prepare<[string]>('DELETE FROM memory_items WHERE key = ?'),
    textRowOf: database.prepare<[string], { text_rowid: number }>(
      'SELECT text_rowid FROM memory_text_rows WHERE key = ?',
    ),
    deleteTextRow: database.prepare<[number]>('DELETE FROM memory_items_text WHERE rowid = ?'),
    forgetTextRow: database.prepare<[string]>('DELETE FROM memory_text_rows WHERE key = ?'),
    insertText: database.prepare<[string, string]>('INSERT INTO memory_items_text (key, content) VALUES (?, ?)'),
    keepTextRow: database.prepare<[string, number | bigint]>(
      'INSERT INTO memory_text_rows (key, text_rowid) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET text_rowid = excluded.text_rowid',
    ),
    clearItems: database.prepare('DELETE FROM memory_items'),
    clearText: database.prepare('DELETE FROM memory_items_text'),
    clearTextRows: database.prepare('DELETE FROM memory_text_rows'),
    vectors: database.prepare<[], MemoryRow>(
      "SELECT key, type, source, json_extract(item_json, '$.metadata.tags') AS tags, embedding FROM memory_items WHERE embedding IS NOT NULL",
    ),
    words: database.prepare<[string, number], StoredMemory & { key: string; rank: number }>(
      'SELECT t.key AS key, bm25(memory_items_text) AS rank, m.item_json AS item_json, m.embedding AS embedding FROM memory_items_text t JOIN memory_items m ON m.key = t.key WHERE memory_items_text MATCH ? ORDER BY rank, t.key LIMIT ?',
    ),
  };
}

export type MemoryStatements = ReturnType<typeof prepareMemoryStatements>;

/** A memory as stored: its JSON without the vector, which is kept once, as the float32 BLOB. */
interface StoredMemory {
  readonly item_json: string;
  readonly embedding: Buffer | null;
}

/**
 * The memory of a row, its vector read back from the BLOB (or given, from the vectors held in
 * this process). Rows of releases that kept the vector in the JSON too are read as they are.
 */
export function memoryOf(itemJson: string, vector: Buffer | Float32Array | null | undefined): MemoryItem {
  const item = JSON.parse(itemJson) as MemoryItem;
  if (item.embedding !== undefined || vector === null || vector === undefined) return item;
  return { ...item, embedding: Array.from(vector instanceof Float32Array ? vector : vectorOf(vector)) };
}

/** Removes the memory's row of the word index, found by its rowid. */
export function removeText(statements: MemoryStatements, key: string): void {
  const row = statements.textRowOf.get(key);
  if (row === undefined) return;
  statements.deleteTextRow.run(row.text_rowid);
  statements.forgetTextRow.run(key);
}

/** The stored little-endian float32 vector, copied out of the row's buffer. */
export function vectorOf(blob: Buffer): Float32Array {
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}
