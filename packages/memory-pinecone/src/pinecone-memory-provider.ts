// One file past 300 lines: every operation works on the same index handle and dimension,
// and hides the placeholder vector and the bounded word search from the caller; split apart,
// they would share that state across files.
import {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  type Logger,
  type MemoryItem,
  MemoryItemError,
  type MemoryProvider,
  memoryWordScore,
  memoryWords,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';
import { type Index, Pinecone, type PineconeRecord } from '@pinecone-database/pinecone';
import { PineconeFailures } from './pinecone-failures.js';
import { pineconeHostUrl } from './pinecone-host.js';
import { indexTargetOf } from './pinecone-index-target.js';
import {
  PineconeMemoryClosedError,
  PineconeMemoryIndexError,
  PineconeMemoryIndexNotFoundError,
  PineconeMemoryItemTooLargeError,
  PineconeMemoryOptionsError,
  PineconeMemoryRecordError,
  PineconeMemoryWordSearchError,
} from './pinecone-memory-errors.js';
import {
  memoryFromRecord,
  metadataBytes,
  pineconeFilterOf,
  pineconeMetadataLimitBytes,
  pineconeRecordOf,
} from './pinecone-memory-records.js';
import {
  defaultPineconeIndexName,
  defaultPineconeNamespace,
  defaultPineconeWordSearchMaxRecords,
  pineconeIndexNamePattern,
} from './pinecone-memory-settings.js';

export interface PineconeMemoryProviderOptions {
  /** Required. Sent as `Api-Key`; never logged nor quoted. */
  readonly apiKey: string;
  /** The index host; without it, resolved once at open by describing `indexName` on the control plane. */
  readonly host?: string;
  /** Default `orkeon-memories`. */
  readonly indexName?: string;
  /** Default `default`. */
  readonly namespace?: string;
  /** The control plane; default `https://api.pinecone.io`. */
  readonly controllerHost?: string;
  /** The most memories a word search reads; default 10,000. */
  readonly wordSearchMaxRecords?: number;
  readonly logger?: Logger;
}

interface StoreEntry {
  readonly key: string;
  readonly item: MemoryItem;
}

/** Pinecone lists at most 100 ids a page. */
const listPage = 100;
/** Ids fetched in one request, and the length of their query string, so that the URL stays short. */
const fetchBatch = 100;
const fetchQueryChars = 6000;
/** Records and bytes in one upsert, under Pinecone's 1000 records and 2 MB. */
const upsertBatch = 100;
const upsertBytes = 1_500_000;
/** The most matches Pinecone returns with values and metadata. */
const largestTopK = 1000;

/**
 * Memories in a Pinecone index (one namespace of it) through the official client, on the
 * vectors API: upsert, fetch, query (topK, a metadata filter, values and metadata included),
 * delete, delete-all. The score is Pinecone's cosine similarity. A memory without a vector is
 * kept under a placeholder vector that every vector search filters out. Pinecone has no word
 * search: `search` lists and fetches the namespace (up to `wordSearchMaxRecords` memories,
 * refusing a larger one) and scores each memory as every store does, the share of the
 * query's words its content holds.
 */
export class PineconeMemoryProvider implements MemoryProvider, AsyncDisposable {
  readonly indexName: string;
  readonly namespace: string;
  /** `https://host` of the index. */
  readonly host: string;
  /** The length of the index's vectors. */
  readonly dimension: number;
  readonly #index: Index;
  readonly #failures: PineconeFailures;
  readonly #wordSearchMaxRecords: number;
  #closed = false;

  private constructor(
    index: Index,
    failures: PineconeFailures,
    target: {
      readonly indexName: string;
      readonly namespace: string;
      readonly host: string;
      readonly dimension: number;
      readonly wordSearchMaxRecords: number;
    },
  ) {
    this.#index = index;
    this.#failures = failures;
    this.indexName = target.indexName;
    this.namespace = target.namespace;
    this.host = target.host;
    this.dimension = target.dimension;
    this.#wordSearchMaxRecords = target.wordSearchMaxRecords;
  }

  /**
   * Resolves the index (describe_index on the control plane, unless `host` is given), then
   * reads its stats on the index host, which proves the host answers and the key is taken.
   */
  static async open(options: PineconeMemoryProviderOptions): Promise<PineconeMemoryProvider> {
    if (typeof options.apiKey !== 'string' || options.apiKey.trim() === '')
      throw new PineconeMemoryOptionsError('no API key was given: set Svc:Memory:Pinecone:ApiKey');
    const indexName = options.indexName ?? defaultPineconeIndexName;
    if (!pineconeIndexNamePattern.test(indexName))
      throw new PineconeMemoryOptionsError(
        `the index name '${indexName.slice(0, 80)}' is not 1 to 45 lower-case letters, digits or hyphens`,
      );
    const namespace = options.namespace ?? defaultPineconeNamespace;
    if (namespace === '') throw new PineconeMemoryOptionsError('the namespace must be named');
    const wordSearchMaxRecords = options.wordSearchMaxRecords ?? defaultPineconeWordSearchMaxRecords;
    if (!Number.isInteger(wordSearchMaxRecords) || wordSearchMaxRecords < 1)
      throw new PineconeMemoryOptionsError(
        `wordSearchMaxRecords is ${wordSearchMaxRecords}: give a whole number of 1 or more`,
      );
    const controller = pineconeHostUrl(options.controllerHost ?? 'https://api.pinecone.io', 'ControllerHost');
    const givenHost = options.host === undefined ? undefined : pineconeHostUrl(options.host, 'Host');
    const failures = new PineconeFailures(options.apiKey);
    const client = new Pinecone({ apiKey: options.apiKey, controllerHostUrl: controller });
    const described =
      givenHost === undefined
        ? indexTargetOf(
            await failures.call(
              `the Pinecone control plane at ${controller}`,
              `describe index '${indexName}'`,
              () => client.describeIndex(indexName),
              (cause) => new PineconeMemoryIndexNotFoundError(indexName, cause),
            ),
          )
        : undefined;
    const host = givenHost ?? pineconeHostUrl(described?.host ?? '', 'the host of the index');
    const index = client.index({ name: indexName, host, namespace });
    const stats = await failures.call(`the index host ${host}`, `read the stats of index '${indexName}'`, () =>
      index.describeIndexStats(),
    );
    const dimension = described?.dimension ?? stats.dimension;
    if (dimension === undefined || dimension < 1)
      throw new PineconeMemoryIndexError(indexName, 'its host reports no vector dimension: is it a dense index?');
    options.logger?.debug({ indexName, namespace, host, dimension }, 'Pinecone memory store opened');
    return new PineconeMemoryProvider(index, failures, { indexName, namespace, host, dimension, wordSearchMaxRecords });
  }

  async store(key: string, item: MemoryItem): Promise<void> {
    await this.#write([{ key: checkedMemoryKey(key), item: checkedMemoryItem(item) }]);
  }

  async storeMany(entries: readonly StoreEntry[]): Promise<void> {
    // Every entry is checked before any is sent; a key given twice keeps its last memory.
    const checked = new Map<string, MemoryItem>();
    for (const { key, item } of entries) checked.set(checkedMemoryKey(key), checkedMemoryItem(item));
    await this.#write([...checked].map(([key, item]) => ({ key, item })));
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    await this.store(key, { ...item, embedding: checkedEmbedding(embedding, `Memory '${item.id}'`) });
  }

  async get(key: string): Promise<MemoryItem | undefined> {
    this.#checkOpen();
    if (!usableKey(key)) return undefined;
    const found = await this.#call('read a memory', () => this.#index.fetch({ ids: [key] }));
    const record = found.records[key];
    return record === undefined ? undefined : this.#memoryOf(record);
  }

  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    this.#checkOpen();
    const words = memoryWords(query);
    if (words.length === 0 || limit < 1) return [];
    const scored: ScoredMemoryItem[] = [];
    for (const batch of fetchBatches(await this.#allKeys())) {
      const found = await this.#call('search memories by words', () => this.#index.fetch({ ids: batch }));
      for (const record of Object.values(found.records)) {
        const item = this.#memoryOf(record);
        const score = memoryWordScore(words, item.content);
        if (score > 0) scored.push({ key: record.id, item, score });
      }
    }
    return scored.sort(byScore).slice(0, Math.floor(limit));
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    this.#checkOpen();
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    if (embedding.length !== this.dimension)
      throw new MemoryItemError(
        `The query vector has ${embedding.length} dimensions and index '${this.indexName}' holds vectors of ${this.dimension}: embed both with one model.`,
      );
    const wanted = Math.floor(topK);
    if (wanted < 1) return [];
    if (wanted > largestTopK)
      throw new PineconeMemoryOptionsError(
        `topK is ${topK}, and Pinecone returns at most ${largestTopK} matches with their values and metadata`,
      );
    const found = await this.#call('search memories by vector', () =>
      this.#index.query({
        vector: [...embedding],
        topK: wanted,
        filter: pineconeFilterOf(filter),
        includeValues: true,
        includeMetadata: true,
      }),
    );
    const scored: ScoredMemoryItem[] = [];
    for (const match of found.matches) {
      const score = match.score ?? 0;
      if (score >= minScore) scored.push({ key: match.id, item: this.#memoryOf(match), score });
    }
    return scored.sort(byScore);
  }

  async delete(key: string): Promise<boolean> {
    this.#checkOpen();
    if (!usableKey(key)) return false;
    const found = await this.#call('find a memory to delete', () => this.#index.fetch({ ids: [key] }));
    if (found.records[key] === undefined) return false;
    await this.#call('delete a memory', () => this.#index.deleteOne({ id: key }));
    return true;
  }

  async clear(): Promise<void> {
    this.#checkOpen();
    await this.#call('clear memories', async () => {
      try {
        await this.#index.deleteAll();
      } catch (error) {
        // Serverless answers 404 for a namespace that holds nothing: there is nothing to clear.
        if (!(error instanceof Error && error.name === 'PineconeNotFoundError')) throw error;
      }
    });
  }

  /** Marks the store closed; the client holds no connection of its own (fetch's pool keeps them). */
  async close(): Promise<void> {
    this.#closed = true;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #write(entries: readonly StoreEntry[]): Promise<void> {
    this.#checkOpen();
    const records = entries.map(({ key, item }) => {
      if (item.embedding !== undefined && item.embedding.length !== this.dimension)
        throw new MemoryItemError(
          `Memory '${key}' has a vector of ${item.embedding.length} dimensions and index '${this.indexName}' holds vectors of ${this.dimension}: embed every memory with one model.`,
        );
      const record = pineconeRecordOf(key, item, this.dimension);
      const bytes = metadataBytes(record);
      if (bytes > pineconeMetadataLimitBytes)
        throw new PineconeMemoryItemTooLargeError(key, bytes, pineconeMetadataLimitBytes);
      return { record, bytes };
    });
    let batch: PineconeRecord[] = [];
    let batchBytes = 0;
    const send = async () => {
      const part = batch;
      batch = [];
      batchBytes = 0;
      if (part.length > 0) await this.#call('store memories', () => this.#index.upsert({ records: part }));
    };
    for (const { record, bytes } of records) {
      // The vector's JSON counts too: about 20 bytes a number.
      const size = bytes + this.dimension * 20;
      if (batch.length === upsertBatch || batchBytes + size > upsertBytes) await send();
      batch.push(record);
      batchBytes += size;
    }
    await send();
  }

  /** Every key of the namespace, refusing when there are more than a word search may read. */
  async #allKeys(): Promise<string[]> {
    const keys: string[] = [];
    let paginationToken: string | undefined;
    do {
      const token = paginationToken;
      const page = await this.#call('list memories for a word search', () =>
        this.#index.listPaginated({ limit: listPage, ...(token === undefined ? {} : { paginationToken: token }) }),
      );
      for (const listed of page.vectors ?? []) if (listed.id !== undefined) keys.push(listed.id);
      if (keys.length > this.#wordSearchMaxRecords)
        throw new PineconeMemoryWordSearchError(this.namespace, this.#wordSearchMaxRecords);
      paginationToken = page.pagination?.next || undefined;
    } while (paginationToken !== undefined);
    return keys;
  }

  #memoryOf(record: PineconeRecord): MemoryItem {
    const item = memoryFromRecord(record);
    if (item === undefined) throw new PineconeMemoryRecordError(record.id, this.namespace);
    return item;
  }

  #call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    return this.#failures.call(`the index host ${this.host}`, operation, request);
  }

  #checkOpen(): void {
    if (this.#closed) throw new PineconeMemoryClosedError(this.indexName, this.namespace);
  }
}

function byScore(a: ScoredMemoryItem, b: ScoredMemoryItem): number {
  return b.score - a.score || (a.key < b.key ? -1 : 1);
}

/** A key the store could have been given (`checkedMemoryKey`); others hold nothing. */
function usableKey(key: string): boolean {
  return typeof key === 'string' && key.length > 0 && key.length <= 512;
}

/** `keys` in groups small enough for one fetch (a GET whose query string lists them). */
function fetchBatches(keys: readonly string[]): string[][] {
  const batches: string[][] = [];
  let batch: string[] = [];
  let chars = 0;
  for (const key of keys) {
    const length = encodeURIComponent(key).length + 5;
    if (batch.length === fetchBatch || (batch.length > 0 && chars + length > fetchQueryChars)) {
      batches.push(batch);
      batch = [];
      chars = 0;
    }
    batch.push(key);
    chars += length;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
