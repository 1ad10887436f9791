import { InMemoryMemoryProvider, type MemoryProvider, memoryScopeTag } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { defaultConsolidationRules } from '../src/index.js';
import { analysisAnswer, cognitiveMemoryOn, testClock, useScriptedServer } from './test-parts.js';

const context = useScriptedServer();

async function contentsOf(store: MemoryProvider, crew: string): Promise<string[]> {
  const tag = memoryScopeTag('crew', { crew, agent: '', run: '', user: '' });
  const found = await store.searchSimilar(new Array<number>(256).fill(1), {
    topK: 100,
    minScore: -1,
    filter: { tags: [tag] },
  });
  return found.map((hit) => hit.item.content).sort();
}

describe('consolidate', () => {
  it('prunes old trivial memories and merges near-duplicates of the crew, and of no other crew', async () => {
    const clock = testClock('2026-01-01T00:00:00Z');
    const store = new InMemoryMemoryProvider();
    const { memory } = cognitiveMemoryOn(context.server, store, {
      clock: clock.now,
      settings: { EnableContradictionDetection: false },
    });
    const remember = async (crew: string, content: string, importance: number) => {
      context.server.enqueue(analysisAnswer({ importance, category: `importance ${importance}` }));
      return memory.remember(crew, content);
    };
    await remember('ops', 'lunch was pasta', 0.05);
    await remember('ops', 'the master keys are in the safe', 0.9);
    const window = await remember('ops', 'the deploy window is friday evening', 0.6);
    await remember('other', 'lunch was soup', 0.05);
    await remember('other', 'the deploy window is friday evening', 0.6);
    clock.advanceHours(24);
    // cos with the one above: 5 / (√5 · √6) = 0.913, a near-duplicate.
    const windowAgain = await remember('ops', 'the deploy window is friday evening too', 0.7);
    // cos: 4 / (√5 · √4) = 0.894, below the 0.9 threshold.
    await remember('ops', 'deploy window friday evening', 0.5);
    clock.advanceHours(676);
    await remember('ops', 'coffee machine broke', 0.05);
    clock.advanceHours(20); // 30 days after the first memories.

    const result = await memory.consolidate('ops');

    expect(result).toMatchObject({ prunedCount: 1, mergedCount: 2, unchangedCount: 3 });
    expect(result.createdMemoryIds).toHaveLength(1);
    expect(await contentsOf(store, 'ops')).toEqual([
      'coffee machine broke',
      'deploy window friday evening',
      'the deploy window is friday evening | the deploy window is friday evening too',
      'the master keys are in the safe',
    ]);
    const [merged] = (await memory.recall('ops', 'the deploy window is friday evening too', { topK: 1 })).map(
      (hit) => hit.item,
    );
    expect(merged).toMatchObject({
      id: result.createdMemoryIds[0],
      importance: 0.7,
      metadata: {
        source: 'cognitive-merge',
        createdAt: '2026-01-02T00:00:00.000Z',
        customProperties: { category: 'importance 0.7', mergedFrom: [windowAgain.item.id, window.item.id] },
      },
    });
    // The other crew's old trivial memory and its duplicate of an ops memory are untouched.
    expect(await contentsOf(store, 'other')).toEqual(['lunch was soup', 'the deploy window is friday evening']);

    // A second run finds nothing more to do.
    expect(await memory.consolidate('ops')).toEqual({
      mergedCount: 0,
      prunedCount: 0,
      unchangedCount: 4,
      createdMemoryIds: [],
    });
  });

  it('merges from the similarity it is given, and prunes by the age and importance it is given', async () => {
    expect(defaultConsolidationRules).toEqual({
      mergeSimilarity: 0.9,
      pruneBelowImportance: 0.1,
      pruneAfterDays: 30,
      scanLimit: 1000,
    });
    const clock = testClock('2026-01-01T00:00:00Z');
    const store = new InMemoryMemoryProvider();
    const { memory } = cognitiveMemoryOn(context.server, store, {
      clock: clock.now,
      settings: { EnableLlmAnalysis: false, EnableContradictionDetection: false },
      consolidation: { mergeSimilarity: 0.85, pruneBelowImportance: 0.6, pruneAfterDays: 1 },
    });
    await memory.remember('ops', 'the deploy window is friday evening');
    await memory.remember('ops', 'deploy window friday evening');
    clock.advanceHours(23);
    expect(await memory.consolidate('ops')).toMatchObject({ mergedCount: 2, prunedCount: 0, unchangedCount: 0 });
    clock.advanceHours(1);
    // The merged memory is dated like its newest part (importance 0.5): a day old now, and pruned.
    expect(await memory.consolidate('ops')).toMatchObject({ mergedCount: 0, prunedCount: 1, unchangedCount: 0 });
    expect(await contentsOf(store, 'ops')).toEqual([]);
  });

  it('refuses rules it cannot use', () => {
    const store = new InMemoryMemoryProvider();
    expect(() => cognitiveMemoryOn(context.server, store, { consolidation: { mergeSimilarity: 1.5 } })).toThrow(
      /mergeSimilarity/,
    );
    expect(() => cognitiveMemoryOn(context.server, store, { consolidation: { scanLimit: 0 } })).toThrow(/scanLimit/);
  });
});
