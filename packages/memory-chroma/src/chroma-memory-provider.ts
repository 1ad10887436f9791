// One file past 300 lines: every operation works on the same two collection handles, the
// vector length learned once and the batch size, and each hides the two-collection layout
// from the others; split apart, they would share that state across files.
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
import { ChromaClient, type Collection, type GetResult } from 'chromadb';
import { ChromaFailures } from './chroma-failures.js';
import {
  ChromaMemoryClosedError,
  ChromaMemoryCollectionError,
  ChromaMemoryOptionsError,
  ChromaMemoryRecordError,
} from './chroma-memory-errors.js';
import { chromaMetadataOf, chromaWhereOf, memoryFromRecord } from './chroma-memory-records.js';
import {
  type ChromaAuthHeader,
  chromaCollectionNamePattern,
  chromaTextOnlySuffix,
  defaultChromaCollection,
  defaultChromaUrl,
  defaultChromaWordSearchMaxCandidates,
} from './chroma-memory-settings.js';
import { parseChromaUrl } from './chroma-server-address.js';
import { spellingsOf } from './memory-words.js';

export interface ChromaMemoryProviderOptions {
  /** The server; default `http://localhost:8000`. */
  readonly url?: string;
  /** Default `default_tenant`. */
  readonly tenant?: string;
  /** Default `default_database`. */
  readonly database?: string;
  /** Default `orkeon_memories`; memories without a vector go to `<collection>_text_only`. */
  readonly collection?: string;
  /** Sent in `authHeader` with every request. Never logged nor quoted. */
  readonly authToken?: string;
  /** Default `X-Chroma-Token`; `Authorization` sends `Bearer <token>`. */
  readonly authHeader?: ChromaAuthHeader;
  /** The most records a word search reads from each collection; default 1000. */
  readonly wordSearchMaxCandidates?: number;
  /** Where the word search says it read only part of the candidates. */
  readonly logger?: Logger;
}

interface StoreEntry {
  readonly key: string;
  readonly item: MemoryItem;
}

interface ResolvedOptions {
  readonly server: string;
  readonly collection: string;
  readonly wordSearchMaxCandidates: number;
  readonly failures: ChromaFailures;
  readonly logger: Logger | undefined;
}

/** ChromaDB keeps a vector for every record, of one length per collection: the text-only memories share this one. */
const placeholderVector = [1];
/** The most records one request writes or deletes, whatever larger batch the server allows. */
const largestBatch = 1000;

/**
 * Memories in ChromaDB (REST API v2) through the official `chromadb` client. The memories
 * with a vector live in one collection (cosine distance, score = 1 − distance); those
 * without one in a companion collection, `<collection>_text_only`, under a placeholder
 * vector no search reads, because a ChromaDB collection holds vectors of one length only
 * and that length is unknown until the first real vector arrives. The client never embeds:
 * the collections are opened by id, with no embedding function, and every write carries its
 * vector. Word search asks ChromaDB for the records whose text `$contains` a word of the query
 * and scores them as every store does: the share of the query's words each one holds.
 */
export class ChromaMemoryProvider implements MemoryProvider, AsyncDisposable {
  /** `http://host:port` of the server. */
  readonly server: string;
  /** The collection of the memories with a vector. */
  readonly collection: string;
  readonly #client: ChromaClient;
  readonly #vectors: Collection;
  readonly #textOnly: Collection;
  readonly #options: ResolvedOptions;
  #dimension: number | undefined;
  #closed = false;

  private constructor(client: ChromaClient, vectors: Collection, textOnly: Collection, options: ResolvedOptions) {
    this.#client = client;
    this.#vectors = vectors;
    this.#textOnly = textOnly;
    this.#options = options;
    this.server = options.server;
    this.collection = options.collection;
  }

  /**
   * Checks the server's heartbeat, then opens both collections (creating them with cosine
   * distance when missing). A server that does not answer fails here, naming its URL.
   */
  static async open(options: ChromaMemoryProviderOptions = {}): Promise<ChromaMemoryProvider> {
    const address = parseChromaUrl(options.url ?? defaultChromaUrl);
    const collection = options.collection ?? defaultChromaCollection;
    if (!chromaCollectionNamePattern.test(collection))
      throw new ChromaMemoryOptionsError(
        `the collection name '${collection.slice(0, 80)}' is not 3 to 502 letters, digits, dots, underscores or hyphens starting and ending with a letter or digit`,
      );
    const wordSearchMaxCandidates = options.wordSearchMaxCandidates ?? defaultChromaWordSearchMaxCandidates;
    if (!Number.isInteger(wordSearchMaxCandidates) || wordSearchMaxCandidates < 1)
      throw new ChromaMemoryOptionsError(
        `wordSearchMaxCandidates is ${wordSearchMaxCandidates}: give a whole number of 1 or more`,
      );
    const tenant = options.tenant ?? 'default_tenant';
    const database = options.database ?? 'default_database';
    if (tenant.trim() === '' || database.trim() === '')
      throw new ChromaMemoryOptionsError('the tenant and the database must be named');
    const failures = new ChromaFailures(address.display, options.authToken);
    const client = new ChromaClient({
      host: address.host,
      port: address.port,
      ssl: address.ssl,
      tenant,
      database,
      ...(options.authToken === undefined
        ? {}
        : { headers: authorizationHeaders(options.authHeader ?? 'X-Chroma-Token', options.authToken) }),
    });
    await failures.call('answer its heartbeat', () => client.heartbeat(), {
      refused: ' Is it ChromaDB 0.6 or later (REST API v2)?',
    });
    const open = (name: string) =>
      openCollection(client, name, failures, { tenant, database, server: address.display });
    const vectors = await open(collection);
    const textOnly = await open(`${collection}${chromaTextOnlySuffix}`);
    options.logger?.debug({ server: address.display, collection, tenant, database }, 'ChromaDB memory store opened');
    return new ChromaMemoryProvider(client, vectors, textOnly, {
      server: address.display,
      collection,
      wordSearchMaxCandidates,
      failures,
      logger: options.logger,
    });
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
    const [withVector, withoutVector] = await Promise.all([
      this.#call('read a memory', () =>
        this.#vectors.get({ ids: [key], include: ['documents', 'metadatas', 'embeddings'] }),
      ),
      this.#call('read a memory', () => this.#textOnly.get({ ids: [key], include: ['documents', 'metadatas'] })),
    ]);
    if (withVector.ids[0] !== undefined) return this.#memoryAt(withVector, 0, this.collection);
    if (withoutVector.ids[0] !== undefined) return this.#memoryAt(withoutVector, 0, this.#textOnlyName);
    return undefined;
  }

  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    this.#checkOpen();
    const words = memoryWords(query);
    if (words.length === 0 || limit < 1) return [];
    const clauses = spellingsOf(query).map((spelling) => ({ $contains: spelling }));
    const whereDocument = clauses.length === 1 ? (clauses[0] as { $contains: string }) : { $or: clauses };
    const max = this.#options.wordSearchMaxCandidates;
    const [withVector, withoutVector] = await Promise.all([
      this.#call('search memories by words', () =>
        this.#vectors.get({ whereDocument, limit: max + 1, include: ['documents', 'metadatas', 'embeddings'] }),
      ),
      this.#call('search memories by words', () =>
        this.#textOnly.get({ whereDocument, limit: max + 1, include: ['documents', 'metadatas'] }),
      ),
    ]);
    const found = new Map<string, { read: GetResult; index: number; collection: string; score: number }>();
    for (const [read, collection] of [
      [withoutVector, this.#textOnlyName],
      [withVector, this.collection],
    ] as const) {
      if (read.ids.length > max)
        this.#options.logger?.warn(
          { collection, read: max },
          `ChromaDB word search read only the first ${max} records holding a word of the query in collection '${collection}'; more hold one. Raise Svc:Memory:ChromaDb:WordSearchMaxCandidates to rank them all.`,
        );
      read.ids.slice(0, max).forEach((key, index) => {
        const score = memoryWordScore(words, read.documents[index] ?? '');
        // The vector collection comes last and wins when a key was caught between the two.
        if (score > 0) found.set(key, { read, index, collection, score });
      });
    }
    const best = [...found].sort(([keyA, a], [keyB, b]) => b.score - a.score || (keyA < keyB ? -1 : 1));
    return best.slice(0, Math.floor(limit)).map(([key, { read, index, collection, score }]) => ({
      key,
      item: this.#memoryAt(read, index, collection),
      score,
    }));
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    this.#checkOpen();
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    const dimension = await this.#knownDimension();
    if (dimension === undefined) return [];
    if (dimension !== embedding.length)
      throw new MemoryItemError(
        `The query vector has ${embedding.length} dimensions and collection '${this.collection}' holds vectors of ${dimension}: embed both with one model.`,
      );
    if (Math.floor(topK) < 1) return [];
    const where = chromaWhereOf(filter);
    const found = await this.#call('search memories by vector', () =>
      this.#vectors.query({
        queryEmbeddings: [[...embedding]],
        nResults: Math.floor(topK),
        ...(where === undefined ? {} : { where }),
        include: ['documents', 'metadatas', 'embeddings', 'distances'],
      }),
    );
    const scored: ScoredMemoryItem[] = [];
    (found.ids[0] ?? []).forEach((key, index) => {
      const distance = found.distances[0]?.[index];
      if (distance === null || distance === undefined || 1 - distance < minScore) return;
      const item = memoryFromRecord(
        found.documents[0]?.[index],
        found.metadatas[0]?.[index],
        found.embeddings[0]?.[index] ?? undefined,
      );
      if (item === undefined) throw new ChromaMemoryRecordError(key, this.collection);
      scored.push({ key, item, score: 1 - distance });
    });
    return scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
  }

  async delete(key: string): Promise<boolean> {
    this.#checkOpen();
    if (!usableKey(key)) return false;
    let found = false;
    for (const collection of [this.#vectors, this.#textOnly]) {
      const held = await this.#call('find a memory to delete', () => collection.get({ ids: [key], include: [] }));
      if (held.ids.length === 0) continue;
      await this.#call('delete a memory', () => collection.delete({ ids: [key] }));
      found = true;
    }
    return found;
  }

  async clear(): Promise<void> {
    this.#checkOpen();
    const batch = await this.#batchSize();
    for (const collection of [this.#vectors, this.#textOnly]) {
      for (;;) {
        const held = await this.#call('list memories to clear', () => collection.get({ limit: batch, include: [] }));
        if (held.ids.length === 0) break;
        await this.#call('clear memories', () => collection.delete({ ids: held.ids }));
      }
    }
  }

  /** Marks the store closed; the client holds no connection of its own (fetch's pool keeps them). */
  async close(): Promise<void> {
    this.#closed = true;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  get #textOnlyName(): string {
    return `${this.collection}${chromaTextOnlySuffix}`;
  }

  async #write(entries: readonly StoreEntry[]): Promise<void> {
    this.#checkOpen();
    const withVector = entries.filter((entry) => entry.item.embedding !== undefined);
    const withoutVector = entries.filter((entry) => entry.item.embedding === undefined);
    const dimension = withVector.length === 0 ? undefined : await this.#checkedDimension(withVector);
    await this.#upsert(this.#vectors, withVector, (item) => [...(item.embedding ?? [])]);
    if (dimension !== undefined) this.#dimension = dimension;
    await this.#upsert(this.#textOnly, withoutVector, () => placeholderVector);
    // A key lives in one collection: what it held in the other goes.
    await this.#deleteKeys(
      this.#textOnly,
      withVector.map((entry) => entry.key),
    );
    await this.#deleteKeys(
      this.#vectors,
      withoutVector.map((entry) => entry.key),
    );
  }

  async #upsert(
    collection: Collection,
    entries: readonly StoreEntry[],
    vectorOf: (item: MemoryItem) => number[],
  ): Promise<void> {
    const batch = await this.#batchSize();
    for (let start = 0; start < entries.length; start += batch) {
      const part = entries.slice(start, start + batch);
      const ids = part.map((entry) => entry.key);
      // What the records held, so that the tags a memory lost are turned off (see chromaMetadataOf).
      const held = await this.#call('store memories', () => collection.get({ ids, include: ['metadatas'] }));
      const previous = new Map(held.ids.map((id, index) => [id, held.metadatas[index]]));
      await this.#call('store memories', () =>
        collection.upsert({
          ids,
          embeddings: part.map((entry) => vectorOf(entry.item)),
          documents: part.map((entry) => entry.item.content),
          metadatas: part.map((entry) => chromaMetadataOf(entry.item, previous.get(entry.key))),
        }),
      );
    }
  }

  async #deleteKeys(collection: Collection, keys: readonly string[]): Promise<void> {
    const batch = await this.#batchSize();
    for (let start = 0; start < keys.length; start += batch) {
      const part = keys.slice(start, start + batch);
      await this.#call('store memories', () => collection.delete({ ids: part }));
    }
  }

  /** The length every vector of `entries` has, which is the collection's; else `MemoryItemError`. */
  async #checkedDimension(entries: readonly StoreEntry[]): Promise<number> {
    const dimension = (await this.#knownDimension()) ?? entries[0]?.item.embedding?.length ?? 0;
    for (const { key, item } of entries) {
      const length = item.embedding?.length ?? 0;
      if (length !== dimension)
        throw new MemoryItemError(
          `Memory '${key}' has a vector of ${length} dimensions and collection '${this.collection}' holds vectors of ${dimension}: embed every memory with one model.`,
        );
    }
    return dimension;
  }

  /** The length of the collection's vectors, read once from a stored vector; undefined while it holds none. */
  async #knownDimension(): Promise<number | undefined> {
    if (this.#dimension !== undefined) return this.#dimension;
    const sample = await this.#call('read a vector', () => this.#vectors.get({ limit: 1, include: ['embeddings'] }));
    this.#dimension = sample.embeddings[0]?.length;
    return this.#dimension;
  }

  async #batchSize(): Promise<number> {
    const allowed = await this.#call('read its batch size', () => this.#client.getMaxBatchSize());
    return allowed > 0 ? Math.min(allowed, largestBatch) : largestBatch;
  }

  /** The memory of the `index`th record read; `ChromaMemoryRecordError` when the record holds none. */
  #memoryAt(read: GetResult, index: number, collection: string): MemoryItem {
    const item = memoryFromRecord(read.documents[index], read.metadatas[index], read.embeddings[index]);
    if (item === undefined) throw new ChromaMemoryRecordError(read.ids[index] ?? '', collection);
    return item;
  }

  #call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    return this.#options.failures.call(operation, request);
  }

  #checkOpen(): void {
    if (this.#closed) throw new ChromaMemoryClosedError(this.server, this.collection);
  }
}

/** Opens (or creates, with cosine distance) one collection, and returns a handle to it by id. */
async function openCollection(
  client: ChromaClient,
  name: string,
  failures: ChromaFailures,
  where: { readonly tenant: string; readonly database: string; readonly server: string },
): Promise<Collection> {
  const opened = await failures.call(
    `open collection '${name}'`,
    () =>
      // `embeddingFunction: null` keeps the client from loading its default embedder package.
      client.getOrCreateCollection({ name, embeddingFunction: null, configuration: { hnsw: { space: 'cosine' } } }),
    {
      notFound: ` Check that tenant '${where.tenant}' and database '${where.database}' exist (Svc:Memory:ChromaDb:Tenant and Database).`,
    },
  );
  const space =
    opened.configuration?.hnsw?.space ?? opened.configuration?.spann?.space ?? opened.metadata?.['hnsw:space'];
  if (typeof space === 'string' && space !== 'cosine') throw new ChromaMemoryCollectionError(where.server, name, space);
  // A handle by id carries no embedding function, so the client cannot embed anything by itself.
  return client.collection(opened.id);
}

function authorizationHeaders(header: ChromaAuthHeader, token: string): Record<string, string> {
  return header === 'Authorization' ? { Authorization: `Bearer ${token}` } : { 'X-Chroma-Token': token };
}

/** A key the store could have been given (`checkedMemoryKey`); others hold nothing. */
function usableKey(key: string): boolean {
  return typeof key === 'string' && key.length > 0 && key.length <= 512;
}
