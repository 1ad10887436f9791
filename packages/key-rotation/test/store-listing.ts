import { createMemoryItem, EncryptedMemoryProvider, type MemoryProvider } from '@orkeon/core';
import { expect } from 'vitest';
import { oldProvider } from './rotation-scenario.js';

/**
 * `listEntries` of a raw store: pages in byte order of the keys, each after the last key of the
 * one before, an empty page at the end, and the entries exactly as stored (sealed contents
 * sealed, vectors included). Then `deleteMany`, which rotation deletes staged copies with.
 */
export async function expectListsAndDeletesMany(store: MemoryProvider): Promise<void> {
  for (const key of ['b', 'a', 'c', 'a/x', 'é', 'Z'])
    await store.storeWithEmbedding(key, createMemoryItem({ id: key, content: `memory ${key}` }), [1, 0.5]);
  await new EncryptedMemoryProvider(store, oldProvider()).store('sealed', createMemoryItem({ content: 'secret' }));
  const pages: string[][] = [];
  let after: string | undefined;
  for (;;) {
    const page = (await store.listEntries?.(after === undefined ? { limit: 2 } : { after, limit: 2 })) ?? [];
    if (page.length === 0) break;
    pages.push(page.map((entry) => entry.key));
    after = page.at(-1)?.key;
  }
  expect(pages).toEqual([['Z', 'a'], ['a/x', 'b'], ['c', 'sealed'], ['é']]);
  const everything = (await store.listEntries?.()) ?? [];
  expect(everything).toHaveLength(7);
  const [first] = everything;
  expect(first).toMatchObject({ key: 'Z', item: { id: 'Z', content: 'memory Z', embedding: [1, 0.5] } });
  const sealed = everything.find((entry) => entry.key === 'sealed');
  expect(sealed?.item.content.startsWith('orkeon-enc:v1:1:')).toBe(true);
  expect(await store.deleteMany?.(['a', 'b', 'missing'])).toBe(2);
  expect(((await store.listEntries?.()) ?? []).map((entry) => entry.key)).toEqual(['Z', 'a/x', 'c', 'sealed', 'é']);
  expect(await store.get('a')).toBeUndefined();
  expect(await store.deleteMany?.([])).toBe(0);
}
