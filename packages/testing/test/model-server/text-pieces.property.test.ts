import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitIntoFragments, splitIntoWordPieces } from '../../src/model-server/text-pieces.js';

const words = fc.array(fc.stringMatching(/^\S{1,8}$/), { minLength: 1, maxLength: 30 });

describe('splitting streamed text (property)', () => {
  it('cuts text into at most three pieces on word boundaries that join back to it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const pieces = splitIntoWordPieces(text);
        expect(pieces.join('')).toBe(text);
        expect(pieces.length).toBeLessThanOrEqual(3);
        expect(pieces.length === 0).toBe(text.length === 0);
        // A cut falls after whitespace and before a word, never inside a word.
        for (const piece of pieces.slice(0, -1)) expect(piece).toMatch(/\s$/u);
        for (const piece of pieces.slice(1)) expect(piece).toMatch(/^\S/u);
      }),
    );
  });

  it('gives three pieces to text of three or more words', () => {
    fc.assert(
      fc.property(words, (list) => {
        const text = list.join(' ');
        expect(splitIntoWordPieces(text)).toHaveLength(Math.min(3, list.length));
      }),
    );
  });

  it('cuts argument text into 2 or more fragments, never inside a character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 2 }), (text) => {
        const fragments = splitIntoFragments(text);
        expect(fragments.join('')).toBe(text);
        expect(fragments.length).toBeGreaterThanOrEqual(2);
        for (const fragment of fragments) {
          expect(fragment.length).toBeGreaterThan(0);
          // Without the u flag the classes see UTF-16 code units, so half of a surrogate pair would match.
          expect(fragment).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
        }
      }),
    );
  });
});
