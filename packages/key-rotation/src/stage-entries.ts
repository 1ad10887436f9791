import { type MemoryEntry, type MemoryItem, sealMemoryItem } from '@orkeon/core';
import { classifyEntry } from './entry-classification.js';
import type { RotationRun } from './rotation-run.js';
import { isStagingKey, originalKeyOf, rotationStateKey, stagingKeyOf } from './rotation-state.js';
import { storeAll, storePages } from './store-pages.js';

/** What the staging phase found and did. */
export interface StagingOutcome {
  readonly totalEntries: number;
  readonly stagedEntries: number;
  readonly alreadyRotatedEntries: number;
  readonly plaintextEntries: number;
  readonly unreadableKeys: readonly string[];
}

/**
 * Phase one: every entry the old key opens gets a copy sealed with the new key under
 * `<key>::rotation-staging`; the entries themselves are not touched, so a failure here leaves
 * the store readable with the old key. The copy is bound to the entry's own key (its associated
 * data), so the swap moves it unchanged, and it carries no vector, so recall never finds it.
 * Staged copies no longer wanted (left by a run that stopped) are removed on the way.
 * `stagedKeys` is filled before each write, so that a roll back knows what to remove.
 */
export async function stageEntries(run: RotationRun, stagedKeys: Set<string>): Promise<StagingOutcome> {
  let totalEntries = 0;
  let stagedEntries = 0;
  let alreadyRotatedEntries = 0;
  let plaintextEntries = 0;
  const unreadableKeys: string[] = [];
  for await (const page of storePages(run.store, run.batchSize)) {
    const copies: MemoryEntry[] = [];
    const leftovers: string[] = [];
    for (const { key, item } of page) {
      if (key === rotationStateKey) continue;
      if (isStagingKey(key)) {
        if (!stagedKeys.has(originalKeyOf(key))) leftovers.push(key);
        continue;
      }
      totalEntries++;
      const found = await classifyEntry(key, item.content, run.oldProvider, run.newProvider, run.keyVersion);
      if (found.kind === 'rotated') alreadyRotatedEntries++;
      else if (found.kind === 'plaintext') plaintextEntries++;
      else if (found.kind === 'unreadable') unreadableKeys.push(key);
      // Once an entry is unreadable and that fails the run, nothing more is staged: it rolls back.
      else if (run.continueOnUnreadableEntries || unreadableKeys.length === 0) {
        stagedKeys.add(key);
        copies.push({ key: stagingKeyOf(key), item: await stagedCopy(run, key, item, found.plaintext) });
      }
    }
    for (const key of leftovers) {
      run.batch = [key];
      await run.store.delete(key);
    }
    if (copies.length > 0) {
      run.batch = copies.map((copy) => originalKeyOf(copy.key));
      await storeAll(run.store, copies);
      stagedEntries += copies.length;
    }
    run.onProgress?.({ phase: 'staging', entriesRead: totalEntries, entriesRotated: stagedEntries });
  }
  return { totalEntries, stagedEntries, alreadyRotatedEntries, plaintextEntries, unreadableKeys };
}

/** The entry as the new key seals it, without its vector (the swap takes the entry's own). */
async function stagedCopy(run: RotationRun, key: string, item: MemoryItem, plaintext: string): Promise<MemoryItem> {
  const { embedding: _embedding, ...rest } = item;
  return sealMemoryItem(run.newProvider, key, { ...rest, content: plaintext }, run.keyVersion);
}
