import type { MemoryItem, ScoredMemoryItem } from '../memory/memory-item.js';
import type { MemoryProvider, SimilarSearchOptions } from '../memory/memory-provider.js';
import type { DlpChannelGuard } from './dlp-channel-guard.js';

/**
 * A memory store whose writes pass the `Memory` channel: the content of every memory
 * stored (`store`, `storeWithEmbedding`, `storeMany`) is screened before it reaches
 * `inner`, so a store that encrypts at rest encrypts the screened text. Reads, searches,
 * listings and deletes go to `inner` unchanged; metadata and embeddings are stored as given.
 */
export class DlpMemoryProvider implements MemoryProvider {
  readonly #inner: MemoryProvider;
  readonly #guard: DlpChannelGuard;
  declare readonly storeMany?: NonNullable<MemoryProvider['storeMany']>;
  declare readonly hybridSearch?: NonNullable<MemoryProvider['hybridSearch']>;
  declare readonly listEntries?: NonNullable<MemoryProvider['listEntries']>;
  declare readonly close?: NonNullable<MemoryProvider['close']>;

  constructor(inner: MemoryProvider, guard: DlpChannelGuard) {
    this.#inner = inner;
    this.#guard = guard;
    // The optional capabilities exist here exactly when the inner store has them.
    if (inner.storeMany !== undefined)
      this.storeMany = (entries) =>
        inner.storeMany?.(entries.map(({ key, item }) => ({ key, item: this.#screened(item) }))) ?? Promise.resolve();
    if (inner.hybridSearch !== undefined)
      this.hybridSearch = (query, embedding, options) =>
        inner.hybridSearch?.(query, embedding, options) ?? Promise.resolve([]);
    if (inner.listEntries !== undefined)
      this.listEntries = (options) => inner.listEntries?.(options) ?? Promise.resolve([]);
    if (inner.close !== undefined) this.close = () => inner.close?.() ?? Promise.resolve();
  }

  store(key: string, item: MemoryItem): Promise<void> {
    return this.#inner.store(key, this.#screened(item));
  }

  storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void> {
    return this.#inner.storeWithEmbedding(key, this.#screened(item), embedding);
  }

  get(key: string): Promise<MemoryItem | undefined> {
    return this.#inner.get(key);
  }

  search(query: string, limit?: number): Promise<ScoredMemoryItem[]> {
    return this.#inner.search(query, limit);
  }

  delete(key: string): Promise<boolean> {
    return this.#inner.delete(key);
  }

  clear(): Promise<void> {
    return this.#inner.clear();
  }

  searchSimilar(embedding: readonly number[], options?: SimilarSearchOptions): Promise<ScoredMemoryItem[]> {
    return this.#inner.searchSimilar(embedding, options);
  }

  #screened(item: MemoryItem): MemoryItem {
    const content = this.#guard.screen('Memory', item.content).processed;
    return content === item.content ? item : { ...item, content };
  }
}

/**
 * The decoration `MemoryStores` applies to each store it builds, with the `Memory`
 * channel outermost: `wrap` (encryption at rest) first, then the guard, so that what is
 * screened is the plain text. Without a guard, `wrap` as it is.
 */
export function withDlpMemoryChannel(
  wrap: ((store: MemoryProvider) => Promise<MemoryProvider>) | undefined,
  guard: DlpChannelGuard | undefined,
): ((store: MemoryProvider) => Promise<MemoryProvider>) | undefined {
  if (guard === undefined) return wrap;
  return async (store) => new DlpMemoryProvider(wrap === undefined ? store : await wrap(store), guard);
}
