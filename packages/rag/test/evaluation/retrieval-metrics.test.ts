import { describe, expect, it } from 'vitest';
import {
  isRelevant,
  precisionAtK,
  type RankedPassage,
  recallAtK,
  reciprocalRank,
} from '../../src/evaluation/retrieval-metrics.js';

// Hand-made rankings: each passage is the first chunk of a source named by one letter.
const ranking = (...sources: string[]): RankedPassage[] =>
  sources.map((source) => ({ sourceId: source, chunkId: `${source}#0` }));

describe('retrieval metrics', () => {
  const relevant = new Set(['a', 'b']);
  const retrieved = ranking('x', 'a', 'y', 'b');

  it('recall@k is the share of relevant items found in the first k', () => {
    expect(recallAtK(retrieved, relevant, 1)).toBe(0);
    expect(recallAtK(retrieved, relevant, 2)).toBe(0.5);
    expect(recallAtK(retrieved, relevant, 3)).toBe(0.5);
    expect(recallAtK(retrieved, relevant, 4)).toBe(1);
    expect(recallAtK(retrieved, relevant, 10)).toBe(1);
  });

  it('precision@k is the relevant passages among the first k, divided by k even when fewer came back', () => {
    expect(precisionAtK(retrieved, relevant, 1)).toBe(0);
    expect(precisionAtK(retrieved, relevant, 2)).toBe(0.5);
    expect(precisionAtK(retrieved, relevant, 4)).toBe(0.5);
    expect(precisionAtK(retrieved, relevant, 8)).toBe(0.25);
    expect(precisionAtK(retrieved, relevant, 0)).toBe(0);
  });

  it('reciprocal rank is 1 / the rank of the first relevant passage, 0 when none is', () => {
    expect(reciprocalRank(retrieved, relevant)).toBe(0.5);
    expect(reciprocalRank(ranking('b', 'x'), relevant)).toBe(1);
    expect(reciprocalRank(ranking('x', 'y', 'z', 'a'), relevant)).toBe(0.25);
    expect(reciprocalRank(ranking('x', 'y'), relevant)).toBe(0);
    expect(reciprocalRank([], relevant)).toBe(0);
  });

  it('a source id matches any of its chunks; a chunk id only that chunk', () => {
    const chunks: RankedPassage[] = [
      { sourceId: 'guide', chunkId: 'guide#0' },
      { sourceId: 'guide', chunkId: 'guide#1' },
      { sourceId: 'faq', chunkId: 'faq#3' },
    ];
    expect(isRelevant(chunks[0] as RankedPassage, new Set(['guide']))).toBe(true);
    expect(isRelevant(chunks[0] as RankedPassage, new Set(['guide#1']))).toBe(false);
    expect(isRelevant(chunks[1] as RankedPassage, new Set(['guide#1']))).toBe(true);
    expect(isRelevant(chunks[2] as RankedPassage, new Set(['guide', 'faq#2']))).toBe(false);

    // Two chunks of one relevant source: found once for recall, counted twice for precision.
    const bySource = new Set(['guide', 'faq']);
    expect(recallAtK(chunks, bySource, 2)).toBe(0.5);
    expect(precisionAtK(chunks, bySource, 2)).toBe(1);
    expect(recallAtK(chunks, bySource, 3)).toBe(1);

    // A chunk id and its source both listed: two items, both found by that one chunk.
    expect(recallAtK(chunks, new Set(['guide', 'guide#0', 'faq#2']), 3)).toBeCloseTo(2 / 3, 10);
    expect(reciprocalRank(chunks, new Set(['guide#1']))).toBe(0.5);
  });

  it('nothing relevant to find gives a recall of 0', () => {
    expect(recallAtK(retrieved, new Set(), 4)).toBe(0);
  });
});
