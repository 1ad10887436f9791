// One file over 300 lines: the provider and its prepared statements, whose inferred types the
// provider uses and a declaration file cannot name from another module.
import {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  DocumentStoreClosedError,
  type MemoryEntry,
  type MemoryFilter,
  type MemoryItem,
  type MemoryListOptions,
  type MemoryProvider,
  type MemoryType,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';
import type Database from 'better-sqlite3';
import { HnswVectorIndex } from './hnsw-vector-index.js';
import { SqliteConnection } from './sqlite-connection.js';
import type { SqliteStoreFileOptions } from './sqlite-database.js';
import { SqliteStateStoreOptionError } from './sqlite-store-errors.js';
import { type IndexedFilter, type IndexedMemory, SqliteVectorIndex } from './sqlite-vector-index.js';

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

function prepare(database: Database.Database) {
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
    page: database.prepare<[string, number], StoredMemory & { key: string }>(
      'SELECT key, item_json, embedding FROM memory_items WHERE key > ? ORDER BY key LIMIT ?',
    ),
    words: database.prepare<[string, number], StoredMemory & { key: string; rank: number }>(
      'SELECT t.key AS key, bm25(memory_items_text) AS rank, m.item_json AS item_json, m.embedding AS embedding FROM memory_items_text t JOIN memory_items m ON m.key = t.key WHERE memory_items_text MATCH ? ORDER BY rank, t.key LIMIT ?',
    ),
  };
}

type MemoryStatements = ReturnType<typeof prepare>;

/** A memory as stored: its JSON without the vector, which is kept once, as the float32 BLOB. */
interface StoredMemory {
  readonly item_json: string;
  readonly embedding: Buffer | null;
}

/**
 * The memory of a row, its vector read back from the BLOB (or given, from the vectors held in
 * this process). Rows of releases that kept the vector in the JSON too are read as they are.
 */
function memoryOf(itemJson: string, vector: Buffer | Float32Array | null | undefined): MemoryItem {
  const item = JSON.parse(itemJson) as MemoryItem;
  if (item.embedding !== undefined || vector === null || vector === undefined) return item;
  return { ...item, embedding: Array.from(vector instanceof Float32Array ? vector : vectorOf(vector)) };
}

/** Removes the memory's row of the word index, found by its rowid. */
function removeText(statements: MemoryStatements, key: string): void {
  const row = statements.textRowOf.get(key);
  if (row === undefined) return;
  statements.deleteTextRow.run(row.text_rowid);
  statements.forgetTextRow.run(key);
}

/** How vector searches find their rows: `exact` scans every vector; `hnsw` asks a graph first. */
export type SqliteMemoryVectorIndex = 'exact' | 'hnsw';

export interface SqliteMemoryProviderOptions extends SqliteStoreFileOptions {
  /** Default `exact`. `hnsw` needs the optional dependency `usearch`. */
  readonly vectorIndex?: SqliteMemoryVectorIndex;
  /** With `hnsw`: the number of vectors from which the graph is built (below, searches are exact). Default 10,000. */
  readonly approximateFrom?: number;
}

/** Below this many vectors an exact scan answers in a few milliseconds: no graph is worth building. */
export const defaultApproximateFrom = 10_000;

/**
 * Memories in a SQLite file (better-sqlite3), beside the state and document stores or in a
 * file of their own: word search through FTS5 (BM25 ranking, any of the query's words),
 * vector search by an exact cosine scan over the stored float32 vectors, held in this process
 * (`SqliteVectorIndex`) so that a search reads no row it does not return; or, with
 * `vectorIndex: 'hnsw'` past `approximateFrom` vectors, over the candidates of an HNSW graph
 * built in this process on the first search (USearch). Writes are transactions of their own;
 * a read is a copy.
 */
export class SqliteMemoryProvider implements MemoryProvider, AsyncDisposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #connection: SqliteConnection<MemoryStatements>;
  #index: SqliteVectorIndex | undefined;
  #indexVersion = 0;
  readonly #vectorIndexKind: SqliteMemoryVectorIndex;
  readonly #approximateFrom: number;

  constructor(options: SqliteMemoryProviderOptions) {
    const { vectorIndex = 'exact', approximateFrom = defaultApproximateFrom } = options;
    if (vectorIndex !== 'exact' && vectorIndex !== 'hnsw')
      throw new SqliteStateStoreOptionError('vectorIndex', vectorIndex, "'exact' or 'hnsw'");
    if (!Number.isSafeInteger(approximateFrom) || approximateFrom < 1)
      throw new SqliteStateStoreOptionError('approximateFrom', approximateFrom, 'a whole number of vectors, 1 or more');
    this.#vectorIndexKind = vectorIndex;
    this.#approximateFrom = approximateFrom;
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
    return row === undefined ? undefined : memoryOf(row.item_json, row.embedding);
  }

  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    const words = query.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [];
    if (words.length === 0) return [];
    // Each word quoted, so that nothing in a query is read as FTS5 syntax.
    const match = [...new Set(words)].map((word) => `"${word}"`).join(' OR ');
    const rows = this.#connection.open().statements.words.all(match, limit);
    return rows.map((row) => ({ key: row.key, item: memoryOf(row.item_json, row.embedding), score: -row.rank }));
  }

  async delete(key: string): Promise<boolean> {
    const { database, statements } = this.#connection.open();
    const deleted = database.transaction(() => {
      removeText(statements, key);
      return statements.deleteItem.run(key).changes > 0;
    })();
    this.#index?.delete(key);
    return deleted;
  }

  /** One transaction for all the keys. */
  async deleteMany(keys: readonly string[]): Promise<number> {
    const { database, statements } = this.#connection.open();
    const deleted = database.transaction(() => {
      let count = 0;
      for (const key of keys) {
        removeText(statements, key);
        count += statements.deleteItem.run(key).changes;
      }
      return count;
    })();
    for (const key of keys) this.#index?.delete(key);
    return deleted;
  }

  async clear(): Promise<void> {
    const { database, statements } = this.#connection.open();
    database.transaction(() => {
      statements.clearText.run();
      statements.clearTextRows.run();
      statements.clearItems.run();
    })();
    this.#index?.clear();
  }

  /** Entries in the order of their keys' bytes (SQLite's BINARY collation), through the primary key's index. */
  async listEntries(options: MemoryListOptions = {}): Promise<MemoryEntry[]> {
    const { after = '', limit = 100 } = options;
    const rows = this.#connection.open().statements.page.all(after, Math.max(1, Math.floor(limit)));
    return rows.map((row) => ({ key: row.key, item: memoryOf(row.item_json, row.embedding) }));
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    const index = this.#vectorIndex();
    this.#approximateWhenLarge(index);
    const hits = index.search(Float32Array.from(embedding), topK, minScore, indexedFilter(filter));
    const { statements } = this.#connection.open();
    return hits.flatMap(({ key, score }) => {
      const row = statements.itemOnly.get(key);
      return row === undefined ? [] : [{ key, item: memoryOf(row.item_json, index.vector(key)), score }];
    });
  }

  /** The vectors in this process, read from the file once and again only after another connection wrote. */
  #vectorIndex(): SqliteVectorIndex {
    const { statements } = this.#connection.open();
    const version = statements.dataVersion.get() as number;
    if (this.#index !== undefined && version === this.#indexVersion) return this.#index;
    const index = new SqliteVectorIndex();
    for (const row of statements.vectors.iterate()) {
      if (row.embedding === null) continue;
      index.set(indexedMemory(row.key, row.type, row.source, parseTags(row.tags)), vectorOf(row.embedding));
    }
    this.#index = index;
    this.#indexVersion = version;
    return index;
  }

  /** With `hnsw`, builds the graph once the index holds `approximateFrom` vectors. */
  #approximateWhenLarge(index: SqliteVectorIndex): void {
    if (this.#vectorIndexKind !== 'hnsw' || index.approximate || index.size < this.#approximateFrom) return;
    index.attachApproximate(HnswVectorIndex.create(index.dimensions as number));
  }

  /** Whether searches go through an approximate graph now (with `hnsw`, once `approximateFrom` vectors are in). */
  async hasVectorIndex(): Promise<boolean> {
    const index = this.#vectorIndex();
    this.#approximateWhenLarge(index);
    return index.approximate;
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
          JSON.stringify({ ...item, embedding: undefined }),
        );
        removeText(statements, key);
        const { lastInsertRowid } = statements.insertText.run(key, item.content);
        statements.keepTextRow.run(key, lastInsertRowid);
      }
    })();
    for (const { key, item } of entries)
      this.#index?.set(
        indexedMemory(key, item.type, item.metadata.source, item.metadata.tags),
        item.embedding === undefined ? undefined : Float32Array.from(item.embedding),
      );
  }
}

function indexedMemory(key: string, type: MemoryType, source: string, tags: readonly string[]): IndexedMemory {
  return { key, type, source, tags };
}

function parseTags(json: string | null): readonly string[] {
  const tags: unknown = json === null ? [] : JSON.parse(json);
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** The stored little-endian float32 vector, copied out of the row's buffer. */
function vectorOf(blob: Buffer): Float32Array {
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}

/** `filter` as the index reads it, from the columns it keeps. */
function indexedFilter(filter: MemoryFilter | undefined): IndexedFilter | undefined {
  if (filter === undefined) return undefined;
  const { type, source, tags = [] } = filter;
  return (memory) =>
    (type === undefined || memory.type === type) &&
    (source === undefined || memory.source === source) &&
    tags.every((tag) => memory.tags.includes(tag));
}
