import {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  DocumentStoreClosedError,
  type MemoryFilter,
  type MemoryItem,
  type MemoryProvider,
  type MemoryType,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';
import { HnswVectorIndex } from './hnsw-vector-index.js';
import { SqliteConnection } from './sqlite-connection.js';
import type { SqliteStoreFileOptions } from './sqlite-database.js';
import {
  type MemoryStatements,
  memoryOf,
  prepareMemoryStatements,
  removeText,
  vectorOf,
} from './sqlite-memory-statements.js';
import { SqliteStateStoreOptionError } from './sqlite-store-errors.js';
import { type IndexedFilter, type IndexedMemory, SqliteVectorIndex } from './sqlite-vector-index.js';

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
      prepare: prepareMemoryStatements,
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

  async clear(): Promise<void> {
    const { database, statements } = this.#connection.open();
    database.transaction(() => {
      statements.clearText.run();
      statements.clearTextRows.run();
      statements.clearItems.run();
    })();
    this.#index?.clear();
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

/** `filter` as the index reads it, from the columns it keeps. */
function indexedFilter(filter: MemoryFilter | undefined): IndexedFilter | undefined {
  if (filter === undefined) return undefined;
  const { type, source, tags = [] } = filter;
  return (memory) =>
    (type === undefined || memory.type === type) &&
    (source === undefined || memory.source === source) &&
    tags.every((tag) => memory.tags.includes(tag));
}
