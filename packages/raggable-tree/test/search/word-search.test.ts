import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fingerprintFrameworks } from '../../src/graph/frameworks.js';
import { indexFilePath } from '../../src/indexing/index-file.js';
import { identifierWords } from '../../src/search/identifier-words.js';
import { reciprocalRankFusion } from '../../src/search/reciprocal-rank-fusion.js';
import { cosine, decodeVector, encodeVector } from '../../src/search/vectors.js';
import { WordScorer } from '../../src/search/word-scorer.js';

describe('identifierWords', () => {
  it('splits identifiers at case changes, digits and underscores, keeping the whole too', () => {
    expect(identifierWords('parseHTTPRequest')).toEqual(['parse', 'http', 'request', 'parsehttprequest']);
    // A plural s goes, one-letter words too.
    expect(identifierWords('max_file_bytes v2Client')).toEqual([
      'max',
      'file',
      'byte',
      'maxfilebyte',
      'client',
      'v2client',
    ]);
    expect(identifierWords('Orders, orders!')).toEqual(['order', 'order']);
    expect(identifierWords('a ß')).toEqual([]);
  });
});

describe('WordScorer', () => {
  it('ranks a document by its weighted words (BM25), prefixes matching at half weight', () => {
    const scorer = new WordScorer();
    const price = scorer.add([
      { text: 'formatPrice', weight: 4 },
      { text: 'Formats a price in euros', weight: 1 },
    ]);
    const cart = scorer.add([
      { text: 'Cart', weight: 4 },
      { text: 'holds items and their price', weight: 1 },
    ]);
    scorer.add([{ text: 'Logger', weight: 4 }]);
    expect(scorer.search('format price').map((hit) => hit.id)).toEqual([price, cart]);
    expect(scorer.search('the cart').map((hit) => hit.id)).toEqual([cart]);
    expect(scorer.search('form').map((hit) => hit.id)).toEqual([price]);
    expect(scorer.search('price', (id) => id !== price).map((hit) => hit.id)).toEqual([cart]);
    expect(scorer.search('nothing here')).toEqual([]);
    expect(new WordScorer().search('x')).toEqual([]);
  });
});

describe('reciprocalRankFusion', () => {
  it('scores each id 1 / (k + rank) summed over the lists, ties in first-seen order', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['c', 'a'],
    ]);
    expect(fused.map((entry) => entry.id)).toEqual(['a', 'c', 'b']);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62);
    expect(reciprocalRankFusion([['x'], ['y']]).map((entry) => entry.id)).toEqual(['x', 'y']);
  });
});

describe('vectors', () => {
  it('property: base64 float32 keeps a vector to float precision, and cosine is 1 with itself', () => {
    fc.assert(
      fc.property(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 1, maxLength: 32 }), (vector) => {
        const decoded = decodeVector(encodeVector(vector));
        expect([...decoded]).toEqual(vector.map((value) => Math.fround(value)));
        if (vector.some((value) => value !== 0)) expect(cosine(vector, decoded)).toBeCloseTo(1, 5);
      }),
    );
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
    expect(cosine([0, 0], [1, 0])).toBe(0);
  });
});

describe('fingerprintFrameworks', () => {
  it('recognises frameworks from npm, PyPI, Go, Maven and NuGet names', () => {
    expect(
      fingerprintFrameworks([
        'react-dom',
        'Django',
        'github.com/labstack/echo/v4',
        'org.springframework.boot:spring-boot-starter',
        'Microsoft.AspNetCore.Mvc',
        'left-pad',
      ]),
    ).toEqual(['aspnetcore', 'django', 'echo', 'react', 'spring', 'spring-boot']);
  });
});

describe('indexFilePath', () => {
  it('names the index file after the root', () => {
    expect(indexFilePath('/output/raggable-tree', '/crew')).toBe('/output/raggable-tree/crew.json');
    expect(indexFilePath('/output/raggable-tree/', '/workspace/app')).toBe('/output/raggable-tree/workspace-app.json');
    expect(indexFilePath('/', '/')).toBe('/root.json');
  });
});
