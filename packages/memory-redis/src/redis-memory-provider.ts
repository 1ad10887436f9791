import { setTimeout as sleep } from 'node:timers/promises';
import {
  checkedEmbedding,
  checkedMemoryItem,
  checkedMemoryKey,
  cosineSimilarity,
  type Logger,
  type MemoryItem,
  MemoryItemError,
  type MemoryProvider,
  matchesMemoryFilter,
  memoryWordScore,
  memoryWords,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';
import type { ChainableCommander } from 'ioredis';
import { executed, RedisConnection } from './redis-connection.js';
import { parseRedisConnectionString } from './redis-connection-string.js';
import { RedisKeys } from './redis-keys.js';
import { RedisMemoryOptionsError } from './redis-memory-errors.js';
import { defaultRedisConnectTimeoutMilliseconds, defaultRedisKeyPrefix } from './redis-memory-settings.js';
import { vectorFromBuffer, vectorToBuffer } from './redis-vectors.js';

export interface RedisMemoryProviderOptions {
  /**
   * The server: `host:port` (default `localhost:6379`), optionally followed by
   * `,password=…,user=…,ssl=true,defaultDatabase=N`, or `redis://[user:password@]host:port[/database]`
   * (`rediss://` for TLS). Never shown in logs or messages with its credentials.
   */
  readonly connectionString?: string;
  /** Every key starts with it; it ends with `:`. Default `orkeon:memory:`. */
  readonly keyPrefix?: string;
  /** The database number when the connection string names none. Default 0. */
  readonly database?: number;
  /** How long one connection attempt may take. Default 5000. */
  readonly connectTimeoutMilliseconds?: number;
  /** Where retries are reported (warn). */
  readonly logger?: Logger;
  /** How the store waits before a retry (2, 4, then 8 s). Default: a timer; tests give their own. */
  readonly wait?: (milliseconds: number) => Promise<void>;
}

/** The fields of the hash each memory is kept in. */
const fields = {
  /** The `MemoryItem` as camelCase JSON, exactly as stored (its embedding too). */
  item: 'item',
  /** The content alone, read by word search without parsing the JSON. */
  content: 'content',
  /** The embedding as little-endian float32, read by vector search; absent without one. */
  vector: 'vector',
} as const;

/** Keys a SCAN step asks for. */
const scanCount = 500;

type StoredEntry = { readonly redisKey: string; readonly item: MemoryItem };

/**
 * Memories on a Redis server (ioredis), one hash per memory under a key prefix
 * (`orkeon:memory:` by default), so that several hosts share them. Word search and exact
 * cosine search both scan the prefix with SCAN (never KEYS), reading only the field they
 * compare (`content` or the float32 `vector`) and parsing the JSON of the memories they
 * return; they suit thousands to tens of thousands of memories, as Debian's Redis has no
 * vector index. Every command is retried on a connection failure, 2, 4 and 8 s apart.
 */
export class RedisMemoryProvider implements MemoryProvider, AsyncDisposable {
  /** `redis://host:port/database`: the server, without user name or password. */
  readonly server: string;
  readonly keyPrefix: string;
  readonly #keys: RedisKeys;
  readonly #connection: RedisConnection;

  constructor(options: RedisMemoryProviderOptions = {}) {
    const address = parseRedisConnectionString(options.connectionString ?? 'localhost:6379');
    this.#keys = new RedisKeys(options.keyPrefix ?? defaultRedisKeyPrefix);
    this.keyPrefix = this.#keys.prefix;
    const database = address.database ?? options.database ?? 0;
    if (!Number.isSafeInteger(database) || database < 0)
      throw new RedisMemoryOptionsError(`the database ${database} is not a whole number of 0 or more`);
    const connectTimeoutMilliseconds = options.connectTimeoutMilliseconds ?? defaultRedisConnectTimeoutMilliseconds;
    if (!Number.isSafeInteger(connectTimeoutMilliseconds) || connectTimeoutMilliseconds < 1)
      throw new RedisMemoryOptionsError(
        `the connect timeout ${connectTimeoutMilliseconds} ms is not a whole number of 1 or more`,
      );
    this.#connection = new RedisConnection({
      address,
      database,
      connectTimeoutMilliseconds,
      wait: options.wait ?? ((milliseconds) => sleep(milliseconds)),
      logger: options.logger,
    });
    this.server = this.#connection.server;
  }

  async store(key: string, item: MemoryItem): Promise<void> {
    await this.#write([this.#checked(key, item)], 'store a memory');
  }

  /** Many memories in one MULTI transaction; every entry is checked before any is sent. */
  async storeMany(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void> {
    const checked = entries.map(({ key, item }) => this.#checked(key, item));
    if (checked.length > 0) await this.#write(checked, 'store memories');
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    await this.store(key, { ...item, embedding: checkedEmbedding(embedding, `Memory '${item.id}'`) });
  }

  async get(key: string): Promise<MemoryItem | undefined> {
    // No memory has an empty key; the Redis key of one would be the prefix itself.
    if (key === '') return undefined;
    const json = await this.#connection.run('read a memory', (client) => client.hget(this.#keys.of(key), fields.item));
    return json === null ? undefined : (JSON.parse(json) as MemoryItem);
  }

  async delete(key: string): Promise<boolean> {
    if (key === '') return false;
    return (await this.#connection.run('delete a memory', (client) => client.del(this.#keys.of(key)))) > 0;
  }

  /** Removes every key under the prefix, and no other. */
  async clear(): Promise<void> {
    await this.#scan('clear the memories', undefined, async (keys) => {
      await this.#connection.run('clear the memories', (client) => client.unlink(...keys));
    });
  }

  /** The share of the query's words (two letters or more) found in each content, best first. */
  async search(query: string, limit = 10): Promise<ScoredMemoryItem[]> {
    const words = memoryWords(query);
    if (words.length === 0 || limit <= 0) return [];
    const hits: Hit[] = [];
    await this.#scan('search the memories', 'hash', async (keys) => {
      const contents = await this.#fieldOf('search the memories', keys, fields.content);
      keys.forEach((redisKey, index) => {
        const content = contents[index];
        if (typeof content !== 'string') return;
        const score = memoryWordScore(words, content);
        if (score > 0) hits.push(this.#hit(redisKey, score));
      });
    });
    return this.#itemsOf(hits.sort(byScore), limit, undefined, 'search the memories');
  }

  async searchSimilar(embedding: readonly number[], options: SimilarSearchOptions = {}): Promise<ScoredMemoryItem[]> {
    checkedEmbedding(embedding, 'The query');
    const { topK = 10, minScore = 0, filter } = options;
    const query = Float64Array.from(embedding);
    const hits: Hit[] = [];
    const operation = 'search the memories by vector';
    await this.#scan(operation, 'hash', async (keys) => {
      const vectors = await this.#fieldOf(operation, keys, fields.vector, 'buffer');
      keys.forEach((redisKey, index) => {
        const bytes = vectors[index];
        if (!Buffer.isBuffer(bytes)) return;
        const dimensions = bytes.length / 4;
        if (dimensions !== query.length)
          throw new MemoryItemError(
            `The query vector has ${query.length} dimensions and memory '${this.#hit(redisKey, 0).key}' has ${dimensions}: embed both with one model.`,
          );
        const score = cosineSimilarity(query, vectorFromBuffer(bytes));
        if (score >= minScore) hits.push(this.#hit(redisKey, score));
      });
    });
    if (topK <= 0) return [];
    return this.#itemsOf(hits.sort(byScore), topK, filter, operation);
  }

  /** Ends the connection; the store is not used afterwards. Safe to call twice. */
  async close(): Promise<void> {
    await this.#connection.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #hit(redisKey: string, score: number): Hit {
    // Only keys of this store reach here (#scan keeps no others).
    return { redisKey, key: this.#keys.memoryKeyOf(redisKey) as string, score };
  }

  #checked(key: string, item: MemoryItem): StoredEntry {
    return { redisKey: this.#keys.of(checkedMemoryKey(key)), item: checkedMemoryItem(item) };
  }

  /** Each memory replaces what its key held (a vector too), all in one MULTI. */
  async #write(entries: readonly StoredEntry[], operation: string): Promise<void> {
    await this.#connection.run(operation, (client) => {
      const transaction = client.multi();
      for (const { redisKey, item } of entries) {
        transaction.del(redisKey);
        transaction.hset(redisKey, {
          [fields.item]: JSON.stringify(item),
          [fields.content]: item.content,
          ...(item.embedding === undefined ? {} : { [fields.vector]: vectorToBuffer(item.embedding) }),
        });
      }
      return executed(transaction);
    });
  }

  /**
   * Walks every key under the prefix with SCAN (of one type when given), handing each
   * step's new keys of this store to `onKeys`. Each SCAN step is retried on its own: a
   * cursor stays valid across a reconnection.
   */
  async #scan(operation: string, type: 'hash' | undefined, onKeys: (redisKeys: string[]) => Promise<void>) {
    const seen = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await this.#connection.run(operation, (client) =>
        type === undefined
          ? client.scan(cursor, 'MATCH', this.#keys.pattern, 'COUNT', scanCount)
          : client.scan(cursor, 'MATCH', this.#keys.pattern, 'COUNT', scanCount, 'TYPE', type),
      );
      cursor = next;
      // SCAN may return a key twice; keys of a longer prefix are another store's.
      const fresh = keys.filter((key) => !seen.has(key) && this.#keys.memoryKeyOf(key) !== undefined);
      for (const key of fresh) seen.add(key);
      if (fresh.length > 0) await onKeys(fresh);
    } while (cursor !== '0');
  }

  /** One field of each key, in one pipeline. */
  #fieldOf(operation: string, redisKeys: readonly string[], field: string, as: 'text' | 'buffer' = 'text') {
    return this.#connection.run(operation, (client) => {
      const pipeline: ChainableCommander = client.pipeline();
      for (const key of redisKeys) {
        if (as === 'buffer') pipeline.hgetBuffer(key, field);
        else pipeline.hget(key, field);
      }
      return executed(pipeline);
    });
  }

  /**
   * The memories of `hits` (best first) that pass `filter`, at most `limit`, their JSON
   * read a batch at a time, best first, so that only what is returned (and what the
   * filter turns away) is parsed. A memory deleted since the scan is left out.
   */
  async #itemsOf(hits: readonly Hit[], limit: number, filter: SimilarSearchOptions['filter'], operation: string) {
    const found: ScoredMemoryItem[] = [];
    const batch = filter === undefined ? limit : Math.max(limit * 4, 64);
    for (let start = 0; start < hits.length && found.length < limit; start += batch) {
      const slice = hits.slice(start, start + batch);
      const jsons = await this.#fieldOf(
        operation,
        slice.map((hit) => hit.redisKey),
        fields.item,
      );
      slice.forEach(({ key, score }, index) => {
        const json = jsons[index];
        if (typeof json !== 'string' || found.length >= limit) return;
        const item = JSON.parse(json) as MemoryItem;
        if (matchesMemoryFilter(item, filter)) found.push({ key, item, score });
      });
    }
    return found;
  }
}

interface Hit {
  readonly redisKey: string;
  /** The memory key. */
  readonly key: string;
  readonly score: number;
}

/** Best first; equal scores by key, as the other stores order them. */
function byScore(a: Hit, b: Hit): number {
  return b.score - a.score || (a.key < b.key ? -1 : 1);
}
