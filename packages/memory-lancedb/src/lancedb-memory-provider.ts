import { MatchQuery, Operator } from '@lancedb/lancedb';
import {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  type MemoryItem,
  MemoryItemError,
  type MemoryProvider,
  memoryWordScore,
  memoryWords,
  OrkeonError,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';
import { type HybridCandidate, rankHybrid } from './hybrid-ranking.js';
import { LanceDbMemoryClosedError, LanceDbMemoryOperationError } from './lancedb-memory-errors.js';
import type { LanceDbMemoryProviderOptions } from './lancedb-memory-provider-options.js';
import { hnswSearchBreadth, LanceDbMemoryTable } from './lancedb-memory-table.js';
import { filterPredicate, keyPredicate } from './memory-filter-sql.js';
import { distanceColumn, memoryToRow, rowToMemory, vectorColumn } from './memory-table-schema.js';

/** Word-search candidates read per result asked for: the BM25 ranking picks them, the share of words orders them. */
const candidatesPerResult = 10;
const minimumCandidates = 100;

/**
 * Memories in a LanceDB table, embedded in a folder or on LanceDB Cloud / Enterprise
 * (reference brief §8): cosine vector search (similarity = 1 − LanceDB's cosine distance),
 * exact until the table holds `indexThreshold` vectors and then through an IVF_HNSW_SQ
 * index; word search through LanceDB's full-text index, scored as every store scores
 * words (the share of the query's words a memory holds); hybrid search that merges both
 * with weights 0.7 and 0.3. A memory stored without an embedding has a null vector: it is
 * kept, read and found by words, and never returned by a vector search. Writes are one
 * LanceDB merge-insert on the key each, made one after another; the table opens on first use.
 */
export class LanceDbMemoryProvider implements MemoryProvider, AsyncDisposable {
  readonly uri: string;
  readonly tableName: string;
  readonly #options: LanceDbMemoryProviderOptions;
  readonly #secrets: readonly string[];
  #opening: Promise<LanceDbMemoryTable> | undefined;
  #writes: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: LanceDbMemoryProviderOptions) {
    this.uri = options.uri;
    this.tableName = options.table ?? 'orkeon_memories';
    this.#options = options;
    this.#secrets = options.apiKey === undefined ? [] : [options.apiKey];
  }

  /** Opens the table now (every operation does on first use), so that a wrong URI or key shows at once. */
  async open(): Promise<void> {
    await this.#table();
  }

  /** The length of the stored vectors, once known. */
  async dimensions(): Promise<number | undefined> {
    return (await this.#table()).dimensions;
  }

  async store(key: string, item: MemoryItem): Promise<void> {
    await this.#write([{ key: checkedMemoryKey(key), item: checkedMemoryItem(item) }]);
  }

  async storeMany(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    // Every entry is checked before the one merge-insert that keeps them all; of one key, the last wins.
    const byKey = new Map<string, MemoryItem>();
    for (const { key, item } of entries) byKey.set(checkedMemoryKey(key), checkedMemoryItem(item));
    await this.#write([...byKey].map(([key, item]) => ({ key, item })));
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    await this.store(key, { ...item, embedding: checkedEmbedding(embedding, `Memory '${item.id}'`) });
  }

  async get(key: string): Promise<MemoryItem | undefined> {
    const table = await this.#table();
    const rows = await this.#attempt('read a memory', () =>
      table.table.query().where(keyPredicate(key)).limit(1).toArray(),
    );
    const row = rows[0] as Record<string, unknown> | undefined;
    return row === undefined ? undefined : rowToMemory(row).item;
  }

  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    const words = memoryWords(query);
    if (words.length === 0 || limit <= 0) return [];
    const table = await this.#table();
    const found = (await this.#wordCandidates(table, words, limit, undefined)).flatMap(({ key, item }) => {
      const score = memoryWordScore(words, item.content);
      return score > 0 ? [{ key, item, score }] : [];
    });
    // A stable sort: among equal shares of words, LanceDB's BM25 order stays.
    return found.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  async delete(key: string): Promise<boolean> {
    return this.#serialized(async () => {
      const table = await this.#table();
      const result = await this.#attempt('delete a memory', () => table.table.delete(keyPredicate(key)));
      return result.numDeletedRows > 0;
    });
  }

  async clear(): Promise<void> {
    await this.#serialized(async () => {
      const table = await this.#table();
      await this.#attempt('clear the memories', () => table.table.delete('true'));
      table.cleared();
    });
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    const table = await this.#table();
    if (!this.#comparable(table, embedding) || topK <= 0) return [];
    const rows = await this.#nearest(table, embedding, topK, filterPredicate(filter));
    return rows.flatMap(({ key, item, distance }) => {
      const score = 1 - (distance ?? Number.NaN);
      return score >= minScore ? [{ key, item, score }] : [];
    });
  }

  /**
   * The memories of the vector query and of the word query, each scored 0.7 × cosine
   * similarity + 0.3 × the share of the query's words it holds, best first.
   */
  async hybridSearch(
    query: string,
    embedding: readonly number[],
    options: SimilarSearchOptions = {},
  ): Promise<ScoredMemoryItem[]> {
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    if (topK <= 0) return [];
    const table = await this.#table();
    const where = filterPredicate(filter);
    const words = memoryWords(query);
    // Each query reads more than topK, so that a memory strong on one count and fair on the other is seen.
    const [nearest, worded] = await Promise.all([
      this.#comparable(table, embedding) ? this.#nearest(table, embedding, Math.max(topK * 4, 40), where) : [],
      words.length === 0 ? [] : this.#wordCandidates(table, words, topK, where),
    ]);
    return rankHybrid([...nearest, ...worded], embedding, words, { topK, minScore });
  }

  /**
   * Builds (or rebuilds) the approximate vector index now, whatever the size of the table;
   * the number of vectors indexed. The store builds it by itself at `indexThreshold`.
   */
  async createVectorIndex(): Promise<number> {
    return this.#serialized(async () => {
      const table = await this.#table();
      return this.#attempt('build the vector index', () => table.buildVectorIndex());
    });
  }

  /** Whether the table has an approximate vector index (searches are exact until it does). */
  async hasVectorIndex(): Promise<boolean> {
    return (await this.#table()).vectorIndexed;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#writes.catch(() => undefined);
    const opening = this.#opening;
    this.#opening = undefined;
    if (opening !== undefined) (await opening.catch(() => undefined))?.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** True when the table has vectors to compare with `embedding`; `MemoryItemError` when theirs are of another length. */
  #comparable(table: LanceDbMemoryTable, embedding: readonly number[]): boolean {
    if (table.dimensions !== undefined && table.dimensions !== embedding.length)
      throw new MemoryItemError(
        `The query vector has ${embedding.length} dimensions and the memories have ${table.dimensions}: embed both with one model.`,
      );
    return table.hasVectorColumn;
  }

  async #nearest(
    table: LanceDbMemoryTable,
    embedding: readonly number[],
    limit: number,
    where: string | undefined,
  ): Promise<HybridCandidate[]> {
    let query = table.table
      .vectorSearch(Float32Array.from(embedding))
      .column(vectorColumn)
      .distanceType('cosine')
      .limit(limit);
    if (where !== undefined) query = query.where(where);
    // With the index: a wide search, then the exact distance of each result (the index's own are approximate).
    if (table.vectorIndexed) query = query.ef(Math.max(hnswSearchBreadth, limit * 2)).refineFactor(1);
    const rows = (await this.#attempt('search by vector', () => query.toArray())) as Record<string, unknown>[];
    return rows.map((row) => ({ ...rowToMemory(row), distance: Number(row[distanceColumn]) }));
  }

  async #wordCandidates(
    table: LanceDbMemoryTable,
    words: readonly string[],
    limit: number,
    where: string | undefined,
  ): Promise<HybridCandidate[]> {
    // The words only, as one match of any of them: nothing the caller wrote is read as query syntax.
    let query = table.table
      .query()
      .fullTextSearch(new MatchQuery(words.join(' '), 'content', { operator: Operator.Or }))
      .limit(Math.max(limit * candidatesPerResult, minimumCandidates));
    if (where !== undefined) query = query.where(where);
    const rows = (await this.#attempt('search by words', () => query.toArray())) as Record<string, unknown>[];
    return rows.map((row) => rowToMemory(row));
  }

  async #write(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    if (entries.length === 0) return;
    const lengths = new Set(
      entries.flatMap(({ item }) => (item.embedding === undefined ? [] : [item.embedding.length])),
    );
    if (lengths.size > 1)
      throw new MemoryItemError(
        `The memories to store have vectors of ${[...lengths].join(' and ')} dimensions: embed them all with one model.`,
      );
    await this.#serialized(async () => {
      const table = await this.#table();
      const [length] = lengths;
      const vectors = entries.filter(({ item }) => item.embedding !== undefined).length;
      if (length !== undefined)
        await this.#attempt('add the vector column', () =>
          table.acceptVectorLength(length, vectors === 1 ? 'The vector' : 'The vectors'),
        );
      const rows = entries.map(({ key, item }) => memoryToRow(key, item, table.hasVectorColumn));
      await this.#attempt('store memories', () =>
        table.table.mergeInsert('key').whenMatchedUpdateAll().whenNotMatchedInsertAll().execute(rows),
      );
      await table.afterWrite(rows.length, vectors);
    });
  }

  /** Runs `work` after every write before it: the vector column and the index are decided one write at a time. */
  #serialized<T>(work: () => Promise<T>): Promise<T> {
    const done = this.#writes.then(work, work);
    this.#writes = done.catch(() => undefined);
    return done;
  }

  #table(): Promise<LanceDbMemoryTable> {
    if (this.#closed) return Promise.reject(new LanceDbMemoryClosedError(this.uri));
    if (this.#opening === undefined) {
      const opening = LanceDbMemoryTable.open({
        uri: this.uri,
        table: this.tableName,
        indexThreshold: this.#options.indexThreshold ?? 10_000,
        ...optional('dimensions', this.#options.dimensions),
        ...optional('apiKey', this.#options.apiKey),
        ...optional('region', this.#options.region),
        ...optional('hostOverride', this.#options.hostOverride),
        ...optional('logger', this.#options.logger),
      });
      // A table that failed to open is tried again on the next use.
      opening.catch(() => {
        if (this.#opening === opening) this.#opening = undefined;
      });
      this.#opening = opening;
    }
    return this.#opening;
  }

  /** `work`, with LanceDB's failures as `LanceDbMemoryOperationError` (Orkeon's own errors pass as they are). */
  async #attempt<T>(operation: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (OrkeonError.isInstance(error)) throw error;
      throw new LanceDbMemoryOperationError(operation, this.tableName, error, this.#secrets);
    }
  }
}

function optional<Name extends string, Value>(name: Name, value: Value | undefined): { [K in Name]?: Value } {
  return (value === undefined ? {} : { [name]: value }) as { [K in Name]?: Value };
}
