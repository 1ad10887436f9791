import { describe, expect, it } from 'vitest';
import { edgesOrder, fitToTokenBudget } from '../../src/retrieval/token-budget.js';
import { candidate, chunkIdsOf } from './candidate.js';

describe('fitToTokenBudget', () => {
  // 8, 5 and 3 tokens at 4 characters a token.
  const list = [
    candidate('a#0', { text: 'x'.repeat(32) }),
    candidate('b#0', { text: 'y'.repeat(17) }),
    candidate('c#0', { text: 'z'.repeat(12) }),
  ];

  it('keeps candidates in order while their estimated tokens fit', () => {
    expect(chunkIdsOf(fitToTokenBudget(list, 16))).toEqual(['a#0', 'b#0', 'c#0']);
    expect(chunkIdsOf(fitToTokenBudget(list, 15))).toEqual(['a#0', 'b#0']);
    expect(chunkIdsOf(fitToTokenBudget(list, 13))).toEqual(['a#0', 'b#0']);
    // c#0 would fit in what is left, but b#0 ranks higher and does not: stop there.
    expect(chunkIdsOf(fitToTokenBudget(list, 12))).toEqual(['a#0']);
    expect(fitToTokenBudget(list, 12)[0]).toBe(list[0]);
  });

  it('uses the characters-per-token ratio it is given', () => {
    // 11, 6 and 4 tokens at 3 characters a token.
    expect(chunkIdsOf(fitToTokenBudget(list, 17, 3))).toEqual(['a#0', 'b#0']);
    expect(chunkIdsOf(fitToTokenBudget(list, 21, 3))).toEqual(['a#0', 'b#0', 'c#0']);
  });

  it('cuts a first candidate that alone is over the budget at a word boundary', () => {
    const text = 'The quick brown fox jumps over the lazy dog';
    const long = candidate('s#2', { text, start: 100, end: 100 + text.length, score: 0.7 });
    const [cut, ...rest] = fitToTokenBudget([long, candidate('b#0')], 5);
    expect(rest).toEqual([]);
    // 20 characters: "The quick brown fox " ends at a boundary already.
    expect(cut).toEqual({ ...long, text: 'The quick brown fox', end: 119 });
    // 16 characters, "The quick brown " — 12: "The quick br" cuts "brown", so back to "The quick".
    expect(fitToTokenBudget([long], 3)[0]).toMatchObject({ text: 'The quick', start: 100, end: 109 });
  });

  it('cuts inside a word only when the first word alone is too long, never inside a surrogate pair', () => {
    const word = candidate('w#0', { text: 'Donaudampfschifffahrtsgesellschaft ist lang' });
    expect(fitToTokenBudget([word], 2)[0]).toMatchObject({ text: 'Donaudam', end: 8 });
    const emoji = candidate('e#0', { text: 'abc😀😀😀😀' });
    expect(fitToTokenBudget([emoji], 1)[0]).toMatchObject({ text: 'abc', end: 3 });
  });

  it('returns nothing for a zero budget and rejects bad numbers', () => {
    expect(fitToTokenBudget(list, 0)).toEqual([]);
    expect(fitToTokenBudget([], 10)).toEqual([]);
    expect(() => fitToTokenBudget(list, -1)).toThrow(RangeError);
    expect(() => fitToTokenBudget(list, 2.5)).toThrow(RangeError);
    expect(() => fitToTokenBudget(list, 10, 0)).toThrow(RangeError);
  });
});

describe('edgesOrder', () => {
  const ranks = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

  it.each([
    [0, []],
    [1, [1]],
    [2, [1, 2]],
    [3, [1, 3, 2]],
    [4, [1, 3, 4, 2]],
    [5, [1, 3, 5, 4, 2]],
    [6, [1, 3, 5, 6, 4, 2]],
  ])('puts the best of %i at both ends', (count, expected) => {
    expect(edgesOrder(ranks(count))).toEqual(expected);
  });

  it('orders candidates without changing them', () => {
    const list = [candidate('a#0'), candidate('b#0'), candidate('c#0')];
    const ordered = edgesOrder(list);
    expect(chunkIdsOf(ordered)).toEqual(['a#0', 'c#0', 'b#0']);
    expect(ordered[0]).toBe(list[0]);
    expect(chunkIdsOf(list)).toEqual(['a#0', 'b#0', 'c#0']);
  });
});
