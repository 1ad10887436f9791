import type { MemoryEntry, MemoryProvider } from '@orkeon/core';

/** A store that can list its entries (`listEntries`). */
export type ListableMemoryProvider = MemoryProvider & Required<Pick<MemoryProvider, 'listEntries'>>;

/**
 * The store's entries, a page of `batchSize` at a time in its key order, each page asked for
 * after the last key of the one before (so writes at or before that key do not disturb the
 * walk). A short page is the last: what a rotation writes after it is its own staged copies.
 */
export async function* storePages(store: ListableMemoryProvider, batchSize: number): AsyncGenerator<MemoryEntry[]> {
  let after: string | undefined;
  for (;;) {
    const page = await store.listEntries(after === undefined ? { limit: batchSize } : { after, limit: batchSize });
    if (page.length > 0) yield page;
    if (page.length < batchSize) return;
    after = page[page.length - 1]?.key;
  }
}

/** Keeps `entries` in one write when the store can (`storeMany`), else one by one. */
export async function storeAll(store: MemoryProvider, entries: readonly MemoryEntry[]): Promise<void> {
  if (store.storeMany !== undefined) await store.storeMany(entries);
  else for (const { key, item } of entries) await store.store(key, item);
}

/** Deletes `keys` in one write when the store can (`deleteMany`), else one by one. */
export async function deleteAll(store: MemoryProvider, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  if (store.deleteMany !== undefined) await store.deleteMany(keys);
  else for (const key of keys) await store.delete(key);
}
