import type { MemoryFilter, MemoryItem, ScoredMemoryItem } from './memory-item.js';

/** How a vector search is bounded. */
export interface SimilarSearchOptions {
  /** The most memories returned; default 10. */
  readonly topK?: number;
  /** The lowest cosine similarity returned; default 0. */
  readonly minScore?: number;
  readonly filter?: MemoryFilter;
}

/** A memory and the key it is stored under. */
export interface MemoryEntry {
  readonly key: string;
  readonly item: MemoryItem;
}

/** Which page of a store's entries `listEntries` returns. */
export interface MemoryListOptions {
  /** Start after this key (the last key of the page before); default the first key. */
  readonly after?: string;
  /** The most entries returned; default 100. */
  readonly limit?: number;
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
  /**
   * Optional: the stored entries in the store's key order, a page at a time, exactly as the
   * store holds them (key rotation reads a whole store this way). An empty page is the end.
   */
  listEntries?(options?: MemoryListOptions): Promise<MemoryEntry[]>;
  /** Optional: deletes many memories in one write; resolves with how many keys held one. */
  deleteMany?(keys: readonly string[]): Promise<number>;
  /** Optional: releases connections and files; the store is not used afterwards. */
  close?(): Promise<void>;
}
