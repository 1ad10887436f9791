import {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  cosineSimilarity,
  DocumentStoreClosedError,
  type MemoryItem,
  MemoryItemError,
  type MemoryProvider,
  matchesMemoryFilter,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';
import type Database from 'better-sqlite3';
import { SqliteConnection } from './sqlite-connection.js';
import type { SqliteStoreFileOptions } from './sqlite-database.js';

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

interface MemoryRow {
  readonly key: string;
  readonly item_json: string;
  readonly dimensions: number | null;
  readonly embedding: Buffer | null;
}

function prepare(database: Database.Database) {
  database.exec(memorySchema);
  return {
    get: database.prepare<[string], { item_json: string }>('SELECT item_json FROM memory_items WHERE key = ?'),
    upsert: database.prepare(
      'INSERT INTO memory_items (key, type, source, dimensions, embedding, item_json) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET type = excluded.type, source = excluded.source, dimensions = excluded.dimensions, embedding = excluded.embedding, item_json = excluded.item_json',
    ),
    deleteItem: database.prepare<[string]>('DELETE FROM memory_items WHERE key = ?'),
    deleteText: database.prepare<[string]>('DELETE FROM memory_items_text WHERE key = ?'),
    insertText: database.prepare<[string, string]>('INSERT INTO memory_items_text (key, content) VALUES (?, ?)'),
    clearItems: database.prepare('DELETE FROM memory_items'),
    clearText: database.prepare('DELETE FROM memory_items_text'),
    vectors: database.prepare<[], MemoryRow>(
      'SELECT key, item_json, dimensions, embedding FROM memory_items WHERE embedding IS NOT NULL',
    ),
    words: database.prepare<[string, number], { key: string; rank: number; item_json: string }>(
      'SELECT t.key AS key, bm25(memory_items_text) AS rank, m.item_json AS item_json FROM memory_items_text t JOIN memory_items m ON m.key = t.key WHERE memory_items_text MATCH ? ORDER BY rank, t.key LIMIT ?',
    ),
  };
}

type MemoryStatements = ReturnType<typeof prepare>;

/**
 * Memories in a SQLite file (better-sqlite3), beside the state and document stores or in a
 * file of their own: word search through FTS5 (BM25 ranking, any of the query's words),
 * vector search by an exact cosine scan over the stored float32 vectors (fine for tens of
 * thousands of memories; an approximate index comes with a later store). Writes are
 * transactions of their own; a read is a copy.
 */
export class SqliteMemoryProvider implements MemoryProvider, AsyncDisposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #connection: SqliteConnection<MemoryStatements>;

  constructor(options: SqliteStoreFileOptions) {
    this.#connection = new SqliteConnection(options, {
      prepare,
      // The same "closed" error as the document store's: a store of the same file, used after close().
      closedError: (path) => new DocumentStoreClosedError(`SQLite memory store at '${path}'`),
    });
    this.path = this.#connection.path;
  }

  async store(key: string, item: MemoryItem): Promise<void> {
    this.#write([{ key: checkedMemoryKey(key), item: checkedMemoryItem(item) }]);
  }

  async storeMany(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    // Every entry is checked before the one transaction that keeps them all.
    this.#write(entries.map(({ key, item }) => ({ key: checkedMemoryKey(key), item: checkedMemoryItem(item) })));
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    await this.store(key, { ...item, embedding: checkedEmbedding(embedding, `Memory '${item.id}'`) });
  }

  async get(key: string): Promise<MemoryItem | undefined> {
    const row = this.#connection.open().statements.get.get(key);
    return row === undefined ? undefined : (JSON.parse(row.item_json) as MemoryItem);
  }

  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    const words = query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
    if (words.length === 0) return [];
    // Each word quoted, so that nothing in a query is read as FTS5 syntax.
    const match = [...new Set(words)].map((word) => `"${word}"`).join(' OR ');
    const rows = this.#connection.open().statements.words.all(match, limit);
    return rows.map((row) => ({ key: row.key, item: JSON.parse(row.item_json) as MemoryItem, score: -row.rank }));
  }

  async delete(key: string): Promise<boolean> {
    const { database, statements } = this.#connection.open();
    return database.transaction(() => {
      statements.deleteText.run(key);
      return statements.deleteItem.run(key).changes > 0;
    })();
  }

  async clear(): Promise<void> {
    const { database, statements } = this.#connection.open();
    database.transaction(() => {
      statements.clearText.run();
      statements.clearItems.run();
    })();
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    const query = Float32Array.from(embedding);
    const scored: { key: string; json: string; score: number }[] = [];
    for (const row of this.#connection.open().statements.vectors.iterate()) {
      if (row.embedding === null) continue;
      if (row.dimensions !== query.length)
        throw new MemoryItemError(
          `The query vector has ${query.length} dimensions and memory '${row.key}' has ${row.dimensions}: embed both with one model.`,
        );
      const vector = new Float32Array(row.embedding.buffer, row.embedding.byteOffset, query.length);
      const score = cosineSimilarity(query, vector);
      if (score >= minScore) scored.push({ key: row.key, json: row.item_json, score });
    }
    scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
    const found: ScoredMemoryItem[] = [];
    for (const { key, json, score } of scored) {
      const item = JSON.parse(json) as MemoryItem;
      if (!matchesMemoryFilter(item, filter)) continue;
      found.push({ key, item, score });
      if (found.length === topK) break;
    }
    return found;
  }

  async close(): Promise<void> {
    this.#connection.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #write(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): void {
    const { database, statements } = this.#connection.open();
    database.transaction(() => {
      for (const { key, item } of entries) {
        const vector = item.embedding === undefined ? null : Buffer.from(Float32Array.from(item.embedding).buffer);
        statements.upsert.run(
          key,
          item.type,
          item.metadata.source,
          item.embedding?.length ?? null,
          vector,
          JSON.stringify(item),
        );
        statements.deleteText.run(key);
        statements.insertText.run(key, item.content);
      }
    })();
  }
}
