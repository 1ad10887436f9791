import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from '../../src/retrieval/reciprocal-rank-fusion.js';
import { candidate, chunkIdsOf } from './candidate.js';

describe('reciprocalRankFusion', () => {
  const vector = [
    candidate('a#0', { score: 0.91, origin: 'vector' }),
    candidate('b#0', { score: 0.85, origin: 'vector' }),
    candidate('c#0', { score: 0.5, origin: 'vector' }),
  ];
  const lexical = [
    candidate('c#0', { score: 12.5, origin: 'lexical' }),
    candidate('a#0', { score: 7, origin: 'lexical' }),
    candidate('d#0', { score: 3, origin: 'lexical' }),
  ];

  it('scores a chunk Σ 1/(k + rank) over the lists, ranks from 1, best first', () => {
    const fused = reciprocalRankFusion([vector, lexical]);
    expect(fused.map(({ chunkId, score }) => [chunkId, score])).toEqual([
      ['a#0', 1 / 61 + 1 / 62],
      ['c#0', 1 / 63 + 1 / 61],
      ['b#0', 1 / 62],
      ['d#0', 1 / 63],
    ]);
    expect(fused.every((found) => found.origin === 'rrf')).toBe(true);
    expect(fused[0]?.text).toBe('text of a#0');
  });

  it('uses the k it is given', () => {
    const fused = reciprocalRankFusion([vector, lexical], 1);
    expect(fused.map(({ chunkId, score }) => [chunkId, score])).toEqual([
      ['a#0', 1 / 2 + 1 / 3],
      ['c#0', 1 / 4 + 1 / 2],
      ['b#0', 1 / 3],
      ['d#0', 1 / 4],
    ]);
  });

  it('breaks equal scores by the best original rank, then by chunkId', () => {
    // x and y both score 1/61 + 1/62; z and w both 1/63, w by id first.
    const fused = reciprocalRankFusion([
      [candidate('y#0'), candidate('x#0'), candidate('z#0')],
      [candidate('x#0'), candidate('y#0'), candidate('w#0')],
    ]);
    expect(fused.map(({ chunkId, score }) => [chunkId, score])).toEqual([
      ['x#0', 1 / 62 + 1 / 61],
      ['y#0', 1 / 61 + 1 / 62],
      ['w#0', 1 / 63],
      ['z#0', 1 / 63],
    ]);
    // With k = 1, rank 3 in two lists scores 1/4 + 1/4 = 1/2, the same as rank 1 in one list:
    // the chunks ranked 1st somewhere go first, though a#0 comes first by id.
    const byBestRank = reciprocalRankFusion(
      [
        [candidate('z#0'), candidate('x#0'), candidate('a#0')],
        [candidate('y#0'), candidate('w#0'), candidate('a#0')],
      ],
      1,
    );
    expect(byBestRank.map(({ chunkId, score }) => [chunkId, score])).toEqual([
      ['y#0', 1 / 2],
      ['z#0', 1 / 2],
      ['a#0', 1 / 2],
      ['w#0', 1 / 3],
      ['x#0', 1 / 3],
    ]);
    // Equal score, ranked 1st in different lists: by id.
    const byRank = reciprocalRankFusion([[candidate('b#0'), candidate('a#0')], [], [candidate('q#0')]], 60);
    expect(chunkIdsOf(byRank)).toEqual(['b#0', 'q#0', 'a#0']);
  });

  it('counts a chunk repeated in one list once, at its best rank', () => {
    const fused = reciprocalRankFusion([[candidate('a#0'), candidate('b#0'), candidate('a#0')]]);
    expect(fused.map(({ chunkId, score }) => [chunkId, score])).toEqual([
      ['a#0', 1 / 61],
      ['b#0', 1 / 62],
    ]);
  });

  it('takes the fields from where the chunk ranked best', () => {
    const fused = reciprocalRankFusion([
      [candidate('s#1'), candidate('s#0', { text: 'from the vector store' })],
      [candidate('s#0', { text: 'from the lexical index', headings: ['H'] })],
    ]);
    expect(fused[0]).toMatchObject({ chunkId: 's#0', text: 'from the lexical index', headings: ['H'] });
  });

  it('returns nothing for no lists and rejects k ≤ 0', () => {
    expect(reciprocalRankFusion([])).toEqual([]);
    expect(reciprocalRankFusion([[], []])).toEqual([]);
    expect(() => reciprocalRankFusion([vector], 0)).toThrow(RangeError);
    expect(() => reciprocalRankFusion([vector], -5)).toThrow(RangeError);
    expect(() => reciprocalRankFusion([vector], Number.NaN)).toThrow(RangeError);
  });
});
