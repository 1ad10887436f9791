import { decryptMemoryContent, type MemoryItem, type MemoryProvider } from '@orkeon/core';
import { expect } from 'vitest';
import { readRotationState, rotationStateKey } from '../src/index.js';
import { allEntries, newProvider, oldProvider, seededEntries } from './rotation-scenario.js';

/** At any point of a rotation, stopped or not: no entry is lost, and each opens with one of the keys to its content. */
export async function expectNothingLost(store: MemoryProvider): Promise<void> {
  const entries = await allEntries(store);
  for (const seeded of seededEntries) {
    const item = entries.get(seeded.key);
    expect(item, seeded.key).toBeDefined();
    if (item === undefined) continue;
    if (seeded.sealedWith === 'plain') {
      expect(item.content).toBe(seeded.content);
      continue;
    }
    const opened =
      (await decryptMemoryContent(newProvider(), seeded.key, item.content).catch(() => undefined)) ??
      (await decryptMemoryContent(oldProvider(), seeded.key, item.content));
    expect(opened, seeded.key).toBe(seeded.content);
  }
}

/**
 * A completed rotation: every encrypted entry opens with the new key, once, to its content,
 * records version 2 and keeps its vector and tags; no staged copy is left; the marker says completed.
 */
export async function expectRotated(store: MemoryProvider): Promise<void> {
  const entries = await allEntries(store);
  expect([...entries.keys()].sort()).toEqual([...seededEntries.map((entry) => entry.key), rotationStateKey].sort());
  for (const seeded of seededEntries) {
    const item = entries.get(seeded.key) as MemoryItem;
    expect(item.metadata.tags).toEqual(seeded.tags);
    expect(item.embedding).toEqual(seeded.embedding);
    if (seeded.sealedWith === 'plain') {
      expect(item.content).toBe(seeded.content);
      continue;
    }
    expect(item.content.startsWith('orkeon-enc:v1:2:'), seeded.key).toBe(true);
    expect(item.metadata.customProperties['orkeon-key-version']).toBe('2');
    // Opened once, the text is the content: sealed twice, it would be another sealed text.
    expect(await decryptMemoryContent(newProvider(), seeded.key, item.content)).toBe(seeded.content);
    await expect(decryptMemoryContent(oldProvider(), seeded.key, item.content)).rejects.toMatchObject({
      code: 'ENCRYPTION_DECRYPTION_FAILED',
    });
  }
  expect(await readRotationState(store)).toMatchObject({ phase: 'completed', key_version: '2' });
}
