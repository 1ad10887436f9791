import { describe, expect, it } from 'vitest';
import { maximalMarginalRelevance } from '../../src/retrieval/maximal-marginal-relevance.js';
import { candidate, chunkIdsOf } from './candidate.js';

describe('maximalMarginalRelevance', () => {
  const candidates = [
    candidate('a#0', { score: 0.95, text: 'The Eiffel Tower is 330 metres tall and stands in Paris.' }),
    candidate('b#0', { score: 0.94, text: 'The Eiffel Tower is 330 metres tall and it stands in Paris.' }),
    candidate('c#0', { score: 0.8, text: 'Gustave Eiffel’s company built it for the 1889 World’s Fair.' }),
    candidate('d#0', { score: 0.2, text: 'Unrelated: a recipe for bread.' }),
  ];

  it('picks a diverse second result over a near-duplicate of the first', () => {
    expect(chunkIdsOf(maximalMarginalRelevance(candidates, { limit: 2 }))).toEqual(['a#0', 'c#0']);
  });

  it('ranks by score alone with lambda 1 and by novelty with lambda near 0', () => {
    expect(chunkIdsOf(maximalMarginalRelevance(candidates, { lambda: 1 }))).toEqual(['a#0', 'b#0', 'c#0', 'd#0']);
    // With almost no weight on relevance the near-duplicate comes last, after even the weakest.
    expect(chunkIdsOf(maximalMarginalRelevance(candidates, { lambda: 0.05 }))).toEqual(['a#0', 'd#0', 'c#0', 'b#0']);
  });

  it('returns up to limit candidates, all by default, unchanged', () => {
    expect(maximalMarginalRelevance(candidates)).toHaveLength(4);
    expect(maximalMarginalRelevance(candidates, { limit: 10 })).toHaveLength(4);
    expect(maximalMarginalRelevance(candidates, { limit: 0 })).toEqual([]);
    expect(maximalMarginalRelevance([], { limit: 3 })).toEqual([]);
    expect(maximalMarginalRelevance(candidates, { limit: 1 })[0]).toBe(candidates[0]);
  });

  it('treats equal scores as equally relevant and then prefers the earlier candidate', () => {
    const same = [candidate('x#0', { score: 2, text: 'alpha beta' }), candidate('y#0', { score: 2, text: 'gamma' })];
    expect(chunkIdsOf(maximalMarginalRelevance(same))).toEqual(['x#0', 'y#0']);
  });

  it('rejects lambda outside [0, 1] and a bad limit', () => {
    expect(() => maximalMarginalRelevance(candidates, { lambda: 1.1 })).toThrow(RangeError);
    expect(() => maximalMarginalRelevance(candidates, { lambda: -0.1 })).toThrow(RangeError);
    expect(() => maximalMarginalRelevance(candidates, { lambda: Number.NaN })).toThrow(RangeError);
    expect(() => maximalMarginalRelevance(candidates, { limit: -1 })).toThrow(RangeError);
  });
});
