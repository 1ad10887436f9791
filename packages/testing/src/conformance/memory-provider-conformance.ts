import { createMemoryItem, type MemoryProvider } from '@orkeon/core';
import type { ConformanceTestApi } from './conformance-test-api.js';

const at = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));

/**
 * The rules every `MemoryProvider` keeps (reference brief §8), run against each store with
 * the same cases: the seven operations, cosine search with its bounds and filters, word
 * search, and refusals that keep nothing. `createProvider` gives a fresh, empty store for
 * each test; `dispose` releases it.
 */
export function describeMemoryProviderConformance(
  test: ConformanceTestApi,
  storeName: string,
  createProvider: () => Promise<{ readonly provider: MemoryProvider; dispose(): Promise<void> }>,
): void {
  const { describe, it, expect, beforeEach, afterEach } = test;
  describe(`${storeName} keeps the memory provider rules`, () => {
    let provider: MemoryProvider;
    let dispose: () => Promise<void>;

    beforeEach(async () => {
      ({ provider, dispose } = await createProvider());
    });

    afterEach(async () => {
      await dispose();
    });

    const item = (
      content: string,
      extra: Parameters<typeof createMemoryItem>[0] extends infer I ? Partial<I> : never = {},
    ) => createMemoryItem({ content, ...extra }, at);

    it('stores, gets, replaces, deletes and clears; a read is a copy', async () => {
      const fact = item('Ada is allergic to nuts.', { id: 'm1', importance: 0.9, type: 'entity' });
      await provider.store('ada', fact);
      expect(await provider.get('ada')).toEqual(fact);
      const read = await provider.get('ada');
      (read?.metadata.tags as string[] | undefined)?.push('changed');
      expect((await provider.get('ada'))?.metadata.tags).toEqual([]);
      await provider.store('ada', item('Ada likes tea.', { id: 'm2' }));
      expect((await provider.get('ada'))?.content).toBe('Ada likes tea.');
      expect(await provider.delete('ada')).toBe(true);
      expect(await provider.delete('ada')).toBe(false);
      expect(await provider.get('ada')).toBeUndefined();
      await provider.store('a', item('one'));
      await provider.store('b', item('two'));
      await provider.clear();
      expect(await provider.get('a')).toBeUndefined();
      expect(await provider.search('one')).toEqual([]);
    });

    it('finds by cosine similarity, best first, within topK, minScore and the filter', async () => {
      await provider.storeWithEmbedding(
        'north',
        item('north', { type: 'episodic', metadata: { tags: ['map'] } }),
        [1, 0, 0],
      );
      await provider.storeWithEmbedding(
        'east',
        item('east', { metadata: { tags: ['map'], source: 'crew' } }),
        [0, 1, 0],
      );
      await provider.storeWithEmbedding('north-east', item('north-east', { metadata: { tags: ['map'] } }), [1, 1, 0]);
      await provider.store('plain', item('no vector'));
      const found = await provider.searchSimilar([1, 0.1, 0]);
      expect(found.map((hit) => hit.key)).toEqual(['north', 'north-east', 'east']);
      // cos([1, 0.1, 0], [1, 0, 0]) = 1 / √1.01 ≈ 0.995.
      expect(Math.abs((found[0]?.score ?? 0) - 1 / Math.sqrt(1.01)) < 1e-6).toBe(true);
      expect((found[0]?.score ?? 0) > (found[1]?.score ?? 0)).toBe(true);
      // A found item is a copy too: changing it changes nothing stored.
      (found[0]?.item.metadata.tags as string[] | undefined)?.push('changed');
      expect((await provider.get('north'))?.metadata.tags).toEqual(['map']);
      expect((await provider.searchSimilar([1, 0.1, 0], { topK: 1 })).map((hit) => hit.key)).toEqual(['north']);
      expect((await provider.searchSimilar([1, 0, 0], { minScore: 0.5 })).map((hit) => hit.key)).toEqual([
        'north',
        'north-east',
      ]);
      expect((await provider.searchSimilar([1, 0, 0], { filter: { type: 'episodic' } })).map((hit) => hit.key)).toEqual(
        ['north'],
      );
      expect(
        (await provider.searchSimilar([1, 0, 0], { filter: { source: 'crew', tags: ['map'] } })).map((hit) => hit.key),
      ).toEqual(['east']);
      expect((await provider.get('north'))?.embedding).toEqual([1, 0, 0]);
    });

    it('finds by the words of the content', async () => {
      await provider.store('tea', item('Ada drinks green tea every morning.'));
      await provider.store('nuts', item('Ada is allergic to nuts.'));
      await provider.store('bob', item('Bob prefers coffee.'));
      const found = await provider.search('Ada tea');
      expect(found[0]?.key).toBe('tea');
      expect(found.map((hit) => hit.key)).toContain('nuts');
      expect(found.map((hit) => hit.key)).not.toContain('bob');
      expect(await provider.search('   ')).toEqual([]);
      expect(await provider.search('Ada', 1)).toHaveLength(1);
    });

    it('refuses what it cannot keep or compare, keeping nothing', async () => {
      await expect(provider.store('blank', { ...item('x'), content: '  ' })).rejects.toMatchObject({
        code: 'MEMORY_ITEM_INVALID',
      });
      await expect(provider.store('heavy', { ...item('x'), importance: 2 })).rejects.toMatchObject({
        code: 'MEMORY_ITEM_INVALID',
      });
      await expect(provider.storeWithEmbedding('nan', item('x'), [Number.NaN])).rejects.toMatchObject({
        code: 'MEMORY_ITEM_INVALID',
      });
      expect(await provider.get('blank')).toBeUndefined();
      expect(await provider.get('nan')).toBeUndefined();
      await provider.storeWithEmbedding('v', item('vector'), [1, 2, 3]);
      await expect(provider.searchSimilar([1, 2])).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
      await expect(provider.searchSimilar([])).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
    });
  });
}
