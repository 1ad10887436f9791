import type { MemoryFilter, MemoryItem, ScoredMemoryItem } from './memory-item.js';

/** How a vector search is bounded. */
export interface SimilarSearchOptions {
  /** The most memories returned; default 10. */
  readonly topK?: number;
  /** The lowest cosine similarity returned; default 0. */
  readonly minScore?: number;
  readonly filter?: MemoryFilter;
}

/**
 * Where memories are kept (reference brief §8): the seven operations every store has, and
 * the optional capabilities a store may add (`storeMany`, `hybridSearch`). Keys are the
 * caller's; storing under a key replaces what it held.
 */
export interface MemoryProvider {
  store(key: string, item: MemoryItem): Promise<void>;
  get(key: string): Promise<MemoryItem | undefined>;
  /** Memories whose content matches the words of `query`, best first. */
  search(query: string, limit?: number): Promise<ScoredMemoryItem[]>;
  /** True when the key held a memory. */
  delete(key: string): Promise<boolean>;
  clear(): Promise<void>;
  /** Stores `item` with `embedding` as its vector (replacing any it had). */
  storeWithEmbedding(key: string, item: MemoryItem, embedding: readonly number[]): Promise<void>;
  /** The memories nearest `embedding` by cosine similarity, best first. */
  searchSimilar(embedding: readonly number[], options?: SimilarSearchOptions): Promise<ScoredMemoryItem[]>;
  /** Optional: many memories in one write. */
  storeMany?(entries: readonly { readonly key: string; readonly item: MemoryItem }[]): Promise<void>;
  /** Optional: text and vector search merged (weights and fusion are the store's). */
  hybridSearch?(
    query: string,
    embedding: readonly number[],
    options?: SimilarSearchOptions,
  ): Promise<ScoredMemoryItem[]>;
  /** Optional: releases connections and files; the store is not used afterwards. */
  close?(): Promise<void>;
}
