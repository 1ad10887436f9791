import { join } from 'node:path';
import { createMemoryItem, type MemoryItem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hybridTextWeight, hybridVectorWeight, LanceDbMemoryProvider } from '../src/index.js';

const at = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));
const item = (content: string, extra: Partial<Parameters<typeof createMemoryItem>[0]> = {}): MemoryItem =>
  createMemoryItem({ content, ...extra }, at);

let folder: TemporaryDirectory;
let store: LanceDbMemoryProvider;

beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-lancedb-hybrid-');
  store = new LanceDbMemoryProvider({ uri: join(folder.path, 'lancedb') });
  // Query: the words "green tea" and the vector [1, 0]. Each memory is [cosine with the query, share of the words].
  await store.storeWithEmbedding('vector-best', item('Bob prefers coffee', { type: 'episodic' }), [1, 0]); // [1, 0]
  await store.storeWithEmbedding('words-best', item('Green tea every morning'), [0.5, Math.sqrt(0.75)]); // [0.5, 1]
  await store.storeWithEmbedding('fair-on-both', item('Green apples'), [0.8, 0.6]); // [0.8, 0.5]
  await store.store('words-no-vector', item('Tea, green and hot', { metadata: { source: 'notes' } })); // [0, 1]
  await store.storeWithEmbedding('neither', item('Carol reads books'), [0, 1]); // [0, 0]
});

afterEach(async () => {
  await store.close();
  await folder.remove();
});

describe('LanceDbMemoryProvider hybrid search', () => {
  it('ranks by 0.7 × cosine similarity + 0.3 × share of the query words, where vector and words disagree', async () => {
    expect([hybridVectorWeight, hybridTextWeight]).toEqual([0.7, 0.3]);
    // Each search alone puts another memory first.
    expect((await store.searchSimilar([1, 0], { topK: 3 })).map((hit) => hit.key)).toEqual([
      'vector-best',
      'fair-on-both',
      'words-best',
    ]);
    expect((await store.search('green tea', 2)).map((hit) => hit.key).sort()).toEqual([
      'words-best',
      'words-no-vector',
    ]);

    const found = await store.hybridSearch('green tea', [1, 0]);
    expect(found.map((hit) => hit.key)).toEqual([
      'fair-on-both', // 0.7 × 0.8 + 0.3 × 0.5 = 0.71
      'vector-best', // 0.7 × 1 + 0.3 × 0 = 0.70
      'words-best', // 0.7 × 0.5 + 0.3 × 1 = 0.65
      'words-no-vector', // 0.7 × 0 + 0.3 × 1 = 0.30
      'neither', // 0.7 × 0 + 0.3 × 0 = 0
    ]);
    const scores = Object.fromEntries(found.map((hit) => [hit.key, hit.score]));
    expect(scores['fair-on-both']).toBeCloseTo(0.71, 6);
    expect(scores['vector-best']).toBeCloseTo(0.7, 6);
    expect(scores['words-best']).toBeCloseTo(0.65, 6);
    expect(scores['words-no-vector']).toBeCloseTo(0.3, 6);
    expect(scores.neither).toBeCloseTo(0, 6);
  });

  it('keeps topK, minScore and the filter', async () => {
    expect((await store.hybridSearch('green tea', [1, 0], { topK: 2 })).map((hit) => hit.key)).toEqual([
      'fair-on-both',
      'vector-best',
    ]);
    expect((await store.hybridSearch('green tea', [1, 0], { minScore: 0.6 })).map((hit) => hit.key)).toEqual([
      'fair-on-both',
      'vector-best',
      'words-best',
    ]);
    expect(
      (await store.hybridSearch('green tea', [1, 0], { filter: { type: 'episodic' } })).map((hit) => hit.key),
    ).toEqual(['vector-best']);
    expect(
      (await store.hybridSearch('green tea', [1, 0], { filter: { source: 'notes' } })).map((hit) => hit.key),
    ).toEqual(['words-no-vector']);
    // No words to match: the vector alone, weighted.
    const vectorOnly = await store.hybridSearch('  ', [1, 0], { topK: 1 });
    expect(vectorOnly.map((hit) => [hit.key, Number(hit.score.toFixed(6))])).toEqual([['vector-best', 0.7]]);
    await expect(store.hybridSearch('green tea', [1, 0, 0])).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
  });
});
