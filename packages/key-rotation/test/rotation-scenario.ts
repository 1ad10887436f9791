// The store every rotation test starts from and a store that counts (and can stop at) its
// writes: shared by the in-process tests, the crash child and the crash tests. No vitest here:
// the crash child imports it.
import {
  AesGcmEncryptionProvider,
  createMemoryItem,
  EncryptedMemoryProvider,
  type MemoryEntry,
  type MemoryItem,
  type MemoryListOptions,
  type MemoryProvider,
  type ScoredMemoryItem,
  type SimilarSearchOptions,
} from '@orkeon/core';

/** Two keys, fixed so that a child process opens what the test sealed. */
export const oldKey = Buffer.alloc(32, 7).toString('base64');
export const newKey = Buffer.alloc(32, 9).toString('base64');
export const oldProvider = () => new AesGcmEncryptionProvider({ key: Buffer.from(oldKey, 'base64'), keyVersion: '1' });
export const newProvider = () => new AesGcmEncryptionProvider({ key: Buffer.from(newKey, 'base64'), keyVersion: '2' });

export interface SeededEntry {
  readonly key: string;
  readonly content: string;
  /** Sealed with which key at the start; `plain` was written before encryption. */
  readonly sealedWith: 'old' | 'new' | 'plain';
  readonly embedding?: readonly number[];
  readonly tags: readonly string[];
}

/** Three entries under the old key (two with vectors), one already under the new key, one in clear. */
export const seededEntries: readonly SeededEntry[] = [
  { key: 'alpha', content: 'Ada’s door code is 4711.', sealedWith: 'old', embedding: [1, 0.5, 0], tags: ['door'] },
  { key: 'bravo', content: 'The boiler was serviced in May.', sealedWith: 'new', tags: ['house'] },
  { key: 'charlie', content: 'Grace prefers tea over coffee.', sealedWith: 'old', tags: [] },
  { key: 'delta', content: 'Written before encryption was enabled.', sealedWith: 'plain', tags: [] },
  {
    key: 'echo',
    content: 'The spare key is under the blue pot.',
    sealedWith: 'old',
    embedding: [0, 0.25, 1],
    tags: ['key'],
  },
];

/** Writes the seeded entries into a raw store. */
export async function seed(store: MemoryProvider): Promise<void> {
  const sealedOld = new EncryptedMemoryProvider(store, oldProvider());
  const sealedNew = new EncryptedMemoryProvider(store, newProvider());
  for (const entry of seededEntries) {
    const item = createMemoryItem(
      { id: entry.key, content: entry.content, metadata: { tags: entry.tags, source: 'test' } },
      new Date('2026-01-01T00:00:00Z'),
    );
    const target = entry.sealedWith === 'old' ? sealedOld : entry.sealedWith === 'new' ? sealedNew : store;
    if (entry.embedding === undefined) await target.store(entry.key, item);
    else await target.storeWithEmbedding(entry.key, item, entry.embedding);
  }
}

/** Every entry of the store, by key, read through `listEntries`. */
export async function allEntries(store: MemoryProvider): Promise<Map<string, MemoryItem>> {
  const found = new Map<string, MemoryItem>();
  let after: string | undefined;
  for (;;) {
    const page = (await store.listEntries?.(after === undefined ? { limit: 2 } : { after, limit: 2 })) ?? [];
    for (const { key, item } of page) found.set(key, item);
    if (page.length < 2) return found;
    after = page.at(-1)?.key;
  }
}

/**
 * A store that counts its writes and, at write number `stopAt`, calls `onStop` before the write
 * happens (a test throws; the crash child kills its own process).
 */
export class CountingStore implements MemoryProvider {
  writes = 0;
  readonly #inner: MemoryProvider;
  readonly #stopAt: number;
  readonly #onStop: (write: number) => void;

  constructor(inner: MemoryProvider, stopAt = Number.POSITIVE_INFINITY, onStop: (write: number) => void = () => {}) {
    this.#inner = inner;
    this.#stopAt = stopAt;
    this.#onStop = onStop;
  }

  #write(): void {
    this.writes++;
    if (this.writes === this.#stopAt) this.#onStop(this.writes);
  }

  async store(key: string, item: MemoryItem): Promise<void> {
    this.#write();
    await this.#inner.store(key, item);
  }

  async storeMany(entries: readonly MemoryEntry[]): Promise<void> {
    this.#write();
    await this.#inner.storeMany?.(entries);
  }

  async storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    this.#write();
    await this.#inner.storeWithEmbedding(key, item, embedding);
  }

  async delete(key: string): Promise<boolean> {
    this.#write();
    return this.#inner.delete(key);
  }

  async clear(): Promise<void> {
    this.#write();
    await this.#inner.clear();
  }

  get(key: string): Promise<MemoryItem | undefined> {
    return this.#inner.get(key);
  }

  search(query: string, limit?: number): Promise<ScoredMemoryItem[]> {
    return this.#inner.search(query, limit);
  }

  searchSimilar(embedding: readonly number[], options?: SimilarSearchOptions): Promise<ScoredMemoryItem[]> {
    return this.#inner.searchSimilar(embedding, options);
  }

  async listEntries(options?: MemoryListOptions): Promise<MemoryEntry[]> {
    return (await this.#inner.listEntries?.(options)) ?? [];
  }
}
