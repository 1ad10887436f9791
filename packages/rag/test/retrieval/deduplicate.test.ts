import { describe, expect, it } from 'vitest';
import { deduplicate } from '../../src/retrieval/deduplicate.js';
import { candidate, chunkIdsOf } from './candidate.js';

describe('deduplicate', () => {
  it('keeps the first of candidates with the same chunkId', () => {
    const first = candidate('a#0', { score: 0.9, origin: 'vector' });
    const kept = deduplicate([first, candidate('b#0'), candidate('a#0', { score: 4, origin: 'lexical' })]);
    expect(kept).toEqual([first, candidate('b#0')]);
    expect(kept[0]).toBe(first);
  });

  it('keeps the first of texts equal once whitespace is collapsed and case ignored', () => {
    const kept = deduplicate([
      candidate('a#0', { text: 'Paris is the capital of France.' }),
      candidate('b#3', { text: '  paris is  the\ncapital of\tFRANCE. ' }),
      candidate('c#0', { text: 'Paris is the capital of France!' }),
    ]);
    expect(chunkIdsOf(kept)).toEqual(['a#0', 'c#0']);
  });

  it('keeps order and distinct candidates, and an empty list empty', () => {
    const list = [candidate('c#0'), candidate('a#0'), candidate('b#0')];
    expect(deduplicate(list)).toEqual(list);
    expect(deduplicate([])).toEqual([]);
  });
});
