import type { MemoryEntry, MemoryItem } from '@orkeon/core';
import { classifyEntry, opened } from './entry-classification.js';
import { KeyRotationError } from './key-rotation-error.js';
import type { RotationRun } from './rotation-run.js';
import { isStagingKey, originalKeyOf, rotationStateKey } from './rotation-state.js';
import { deleteAll, storeAll, storePages } from './store-pages.js';

/** What the swap phase did; when it resumed a stopped rotation, also what it found. */
export interface SwapOutcome {
  readonly totalEntries: number;
  readonly swappedEntries: number;
  readonly plaintextEntries: number;
  readonly unreadableKeys: readonly string[];
}

/**
 * Phase two: each staged copy replaces its entry (keeping the entry's vector), then the
 * copies of the page are deleted. A copy is moved as it is, never sealed again, so running
 * this phase again after a stop, even over entries it already replaced, cannot seal anything
 * twice. When `resumed` (the copies were staged by an earlier call) each copy must open with
 * the new key: one that does not was staged by other providers, and nothing is replaced; the
 * entries are classified too, for the result.
 */
export async function swapStagedEntries(run: RotationRun, resumed: boolean): Promise<SwapOutcome> {
  let totalEntries = 0;
  let swappedEntries = 0;
  let plaintextEntries = 0;
  const unreadableKeys: string[] = [];
  const originals = new ListedOriginals();
  for await (const page of storePages(run.store, run.batchSize)) {
    const swaps: MemoryEntry[] = [];
    const staged: string[] = [];
    for (const { key, item } of page) {
      if (key === rotationStateKey) continue;
      if (!isStagingKey(key)) {
        totalEntries++;
        originals.listed(key, item);
        if (!resumed) continue;
        const found = await classifyEntry(key, item.content, run.oldProvider, run.newProvider, run.keyVersion);
        if (found.kind === 'plaintext') plaintextEntries++;
        if (found.kind === 'unreadable') unreadableKeys.push(key);
        continue;
      }
      const original = originalKeyOf(key);
      if (resumed && (await opened(run.newProvider, original, item.content)) === undefined)
        throw new KeyRotationError(
          'KEY_ROTATION_RESUME_MISMATCH',
          `The staged copy of '${original}' does not open with the new key: the rotation was started with other providers. Call rotate again with the old and new providers it was started with.`,
          [original],
        );
      const current = originals.take(original) ?? (await run.store.get(original));
      // An entry deleted since it was staged stays deleted; its copy goes.
      if (current !== undefined)
        swaps.push({
          key: original,
          item: current.embedding === undefined ? item : { ...item, embedding: current.embedding },
        });
      staged.push(key);
    }
    run.batch = swaps.map((swap) => swap.key);
    if (swaps.length > 0) await storeAll(run.store, swaps);
    await deleteAll(run.store, staged);
    swappedEntries += swaps.length;
    run.onProgress?.({ phase: 'committing', entriesRead: totalEntries, entriesRotated: swappedEntries });
  }
  return { totalEntries, swappedEntries, plaintextEntries, unreadableKeys };
}

/**
 * The entries the walk listed whose staged copy may still come, so that a swap needs no read
 * of its own: in byte (or code-unit) order a key's copy `<key>::rotation-staging` follows the
 * key, and only keys that start with it come between. A key is dropped once a key it does not
 * start lists; in a store of another order the swap reads the entry instead.
 */
class ListedOriginals {
  readonly #items = new Map<string, MemoryItem>();

  listed(key: string, item: MemoryItem): void {
    for (const earlier of this.#items.keys()) if (!key.startsWith(earlier)) this.#items.delete(earlier);
    this.#items.set(key, item);
  }

  take(key: string): MemoryItem | undefined {
    const item = this.#items.get(key);
    this.#items.delete(key);
    return item;
  }
}
