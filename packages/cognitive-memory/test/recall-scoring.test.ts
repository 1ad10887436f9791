import { InMemoryMemoryProvider, type SimilarSearchOptions } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { compositeScore, compositeWeights, recencyHalfLifeHours, recencyScore } from '../src/index.js';
import { analysisAnswer, cognitiveMemoryOn, testClock, useScriptedServer } from './test-parts.js';

const context = useScriptedServer();

/** cos(query "database password", memory "database password <one more word>") = 2 / (√2 · √3). */
const twoOfThreeWords = 2 / Math.sqrt(6);

describe('the composite score', () => {
  it('weighs meaning 0.5, recency 0.3 and importance 0.2', () => {
    expect(compositeWeights).toEqual({ semantic: 0.5, recency: 0.3, importance: 0.2 });
    expect(recencyHalfLifeHours).toBe(69);
  });

  it('recency halves every 69 hours and counts a future date as now', () => {
    const now = new Date('2026-03-01T00:00:00Z');
    expect(recencyScore('2026-03-01T00:00:00Z', now)).toBe(1);
    expect(recencyScore('2026-02-26T03:00:00Z', now)).toBeCloseTo(0.5, 12); // 69 hours earlier
    expect(recencyScore('2026-02-23T06:00:00Z', now)).toBeCloseTo(0.25, 12); // 138 hours earlier
    expect(recencyScore('2026-03-02T00:00:00Z', now)).toBe(1);
  });

  it('counts a negative similarity as no meaning at all', () => {
    const item = {
      id: 'x',
      content: 'x',
      type: 'longTerm' as const,
      importance: 1,
      metadata: {
        createdAt: '2026-03-01T00:00:00Z',
        source: 'cognitive',
        tags: [],
        accessCount: 0,
        customProperties: {},
      },
    };
    expect(compositeScore(-0.4, item, new Date('2026-03-01T00:00:00Z'))).toEqual({
      score: 0.5,
      semanticScore: 0,
      recencyScore: 1,
      importanceScore: 1,
    });
  });
});

describe('recall', () => {
  it('ranks a new trivial memory over an old important one, until both have aged (numbers by hand)', async () => {
    const clock = testClock('2026-01-01T00:00:00Z');
    const { memory } = cognitiveMemoryOn(context.server, new InMemoryMemoryProvider(), {
      clock: clock.now,
      settings: { EnableContradictionDetection: false },
    });
    context.server.enqueue(analysisAnswer({ importance: 0.9 }), analysisAnswer({ importance: 0.1 }));
    const old = await memory.remember('ops', 'database password alpha');
    clock.advanceHours(138);
    const fresh = await memory.remember('ops', 'database password omega');

    // Old: 0.5 × 0.8165 + 0.3 × 0.25 + 0.2 × 0.9 = 0.6632; new: 0.5 × 0.8165 + 0.3 × 1 + 0.2 × 0.1 = 0.7282.
    const now = await memory.recall('ops', 'database password');
    expect(now.map((hit) => hit.key)).toEqual([fresh.key, old.key]);
    expect(now[0]).toMatchObject({ recencyScore: 1, importanceScore: 0.1 });
    expect(now[0]?.semanticScore).toBeCloseTo(twoOfThreeWords, 12);
    expect(now[0]?.score).toBeCloseTo(0.7282, 4);
    expect(now[1]?.recencyScore).toBeCloseTo(0.25, 12);
    expect(now[1]?.score).toBeCloseTo(0.6632, 4);

    // 69 hours on: old 0.4082 + 0.3 × 0.125 + 0.18 = 0.6257; new 0.4082 + 0.3 × 0.5 + 0.02 = 0.5782.
    clock.advanceHours(69);
    const later = await memory.recall('ops', 'database password');
    expect(later.map((hit) => hit.key)).toEqual([old.key, fresh.key]);
    expect(later[0]?.score).toBeCloseTo(0.6257, 4);
    expect(later[1]?.score).toBeCloseTo(0.5782, 4);

    // minScore cuts on the composite score, topK on the count.
    expect((await memory.recall('ops', 'database password', { minScore: 0.6 })).map((hit) => hit.key)).toEqual([
      old.key,
    ]);
    expect((await memory.recall('ops', 'database password', { topK: 1 })).map((hit) => hit.key)).toEqual([old.key]);
  });

  it('returns at most 10 by default', async () => {
    const { memory } = cognitiveMemoryOn(context.server, new InMemoryMemoryProvider(), {
      settings: { EnableLlmAnalysis: false, EnableContradictionDetection: false },
    });
    for (let index = 0; index < 12; index++)
      await memory.remember('ops', `backup note number ${'x'.repeat(index + 3)}`);
    expect(await memory.recall('ops', 'backup')).toHaveLength(10);
  });

  it('drops memories under a composite score of 0.1 by default', async () => {
    const clock = testClock('2026-01-01T00:00:00Z');
    const { memory } = cognitiveMemoryOn(context.server, new InMemoryMemoryProvider(), {
      clock: clock.now,
      settings: { EnableContradictionDetection: false },
    });
    context.server.enqueue(analysisAnswer({ importance: 0.2 }));
    await memory.remember('ops', 'backup runs nightly');
    // A week on, a query sharing no word: 0.5 × 0 + 0.3 × 0.5^(168/69) + 0.2 × 0.2 = 0.0955.
    clock.advanceHours(168);
    expect(await memory.recall('ops', 'zebra')).toEqual([]);
    const [kept] = await memory.recall('ops', 'zebra', { minScore: 0 });
    expect(kept?.score).toBeCloseTo(0.0955, 4);
  });

  it('over-fetches three times topK from the store, filtered on the crew, type and tags', async () => {
    const searches: SimilarSearchOptions[] = [];
    // The real in-memory store, noting how it is searched.
    const store = new (class extends InMemoryMemoryProvider {
      override searchSimilar(embedding: readonly number[], options?: SimilarSearchOptions) {
        searches.push(options ?? {});
        return super.searchSimilar(embedding, options);
      }
    })();
    const { memory } = cognitiveMemoryOn(context.server, store, {
      settings: { EnableLlmAnalysis: false, EnableContradictionDetection: false },
    });
    await memory.remember('ops', 'restart the queue worker', undefined, { type: 'procedural', tags: ['queue'] });
    await memory.remember('ops', 'the queue worker crashed', undefined, { type: 'episodic', tags: ['queue'] });
    await memory.remember('ops', 'restart the cache worker', undefined, { type: 'procedural', tags: ['cache'] });
    const found = await memory.recall('ops', 'restart worker', { topK: 4, type: 'procedural', tags: ['queue'] });
    expect(found.map((hit) => hit.item.content)).toEqual(['restart the queue worker']);
    expect(searches.at(-1)).toMatchObject({
      topK: 12,
      filter: { type: 'procedural', tags: [expect.stringMatching(/^scope:crew\//), 'queue'] },
    });
  });

  it('refuses a topK or minScore it cannot use', async () => {
    const { memory } = cognitiveMemoryOn(context.server, new InMemoryMemoryProvider());
    await expect(memory.recall('ops', 'x', { topK: 0 })).rejects.toMatchObject({
      code: 'COGNITIVE_MEMORY_INPUT_INVALID',
    });
    await expect(memory.recall('ops', 'x', { minScore: 2 })).rejects.toThrow(/minScore/);
  });
});
