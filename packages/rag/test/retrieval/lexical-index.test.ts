import { describe, expect, it } from 'vitest';
import { type LexicalChunk, LexicalIndex, type LexicalIndexJson } from '../../src/retrieval/lexical-index.js';
import { chunkIdsOf } from './candidate.js';

function chunk(chunkId: string, text: string, headings?: readonly string[]): LexicalChunk {
  const [sourceId = chunkId, index = '0'] = chunkId.split('#');
  const start = Number(index) * 1000;
  return { chunkId, sourceId, text, start, end: start + text.length, ...(headings ? { headings } : {}) };
}

const corpus: LexicalChunk[] = [
  chunk('guide#0', 'Install the package with npm and import it in your project.', ['Guide', 'Installation']),
  chunk('guide#1', 'The embedding provider turns text into vectors for similarity search.', ['Guide', 'Embeddings']),
  chunk('guide#2', 'Reciprocal rank fusion merges the vector and keyword result lists.'),
  chunk('menu#0', 'Le café du matin est servi avec un croissant.'),
  chunk('menu#1', 'Tea and coffee are served all day in the lounge.'),
  chunk('notes#0', 'Ошибка сети: повторите запрос позже.'),
];

function indexOf(chunks: readonly LexicalChunk[] = corpus): LexicalIndex {
  const index = new LexicalIndex();
  index.add(chunks);
  return index;
}

describe('LexicalIndex', () => {
  it('ranks the chunk holding the query words first, with BM25 scores, best first', () => {
    const found = indexOf().search('vector similarity search', 10);
    expect(found[0]).toEqual({
      chunkId: 'guide#1',
      sourceId: 'guide',
      text: corpus[1]?.text,
      start: 1000,
      end: 1000 + (corpus[1]?.text.length ?? 0),
      headings: ['Guide', 'Embeddings'],
      score: expect.any(Number),
      origin: 'lexical',
    });
    // guide#2 holds "vector" only: found, but below.
    expect(chunkIdsOf(found)).toContain('guide#2');
    expect(found.every((candidate) => candidate.origin === 'lexical')).toBe(true);
    for (let i = 1; i < found.length; i++) expect(found[i - 1]?.score).toBeGreaterThanOrEqual(found[i]?.score ?? 0);
    expect(found[0]?.score).toBeGreaterThan(found[1]?.score ?? Number.POSITIVE_INFINITY);
  });

  it('weighs rare words above common ones (inverse document frequency)', () => {
    const index = indexOf([
      chunk('a#0', 'the report covers the quarterly budget'),
      chunk('b#0', 'the report covers the zeppelin'),
      chunk('c#0', 'the report covers the weather'),
      chunk('d#0', 'the report covers the budget'),
    ]);
    expect(index.search('report zeppelin', 4)[0]?.chunkId).toBe('b#0');
  });

  it('finds unicode words, in precomposed and decomposed form, and other scripts', () => {
    const index = indexOf();
    expect(chunkIdsOf(index.search('café', 10))).toEqual(['menu#0']);
    expect(chunkIdsOf(index.search('cafe\u0301', 10))).toEqual(['menu#0']);
    expect(chunkIdsOf(index.search('CAFÉ', 10))).toEqual(['menu#0']);
    expect(chunkIdsOf(index.search('ошибка', 10))).toEqual(['notes#0']);
  });

  it('matches a prefix and a small typo', () => {
    const index = indexOf();
    expect(index.search('embed', 10)[0]?.chunkId).toBe('guide#1');
    expect(index.search('reciprocl', 10)[0]?.chunkId).toBe('guide#2');
  });

  it('searches the headings too', () => {
    expect(indexOf().search('installation', 10)[0]?.chunkId).toBe('guide#0');
  });

  it('returns at most limit candidates, none for an empty query or no match', () => {
    const index = indexOf();
    expect(index.search('the', 1)).toHaveLength(1);
    expect(index.search('the', 0)).toEqual([]);
    expect(index.search('', 10)).toEqual([]);
    expect(index.search('  ,;  ', 10)).toEqual([]);
    expect(index.search('xylophone', 10)).toEqual([]);
    expect(() => index.search('the', -1)).toThrow(RangeError);
    expect(() => index.search('the', 1.5)).toThrow(RangeError);
  });

  it('counts its chunks, replaces a chunk added again, and removes by id', () => {
    const index = indexOf();
    expect(index.size).toBe(6);
    index.add([chunk('guide#2', 'Rewritten: hybrid search with zeppelins.')]);
    expect(index.size).toBe(6);
    expect(index.search('reciprocal', 10)).toEqual([]);
    expect(chunkIdsOf(index.search('zeppelins', 10))).toEqual(['guide#2']);
    index.remove(['guide#2', 'unknown#9']);
    expect(index.size).toBe(5);
    expect(index.search('zeppelins', 10)).toEqual([]);
  });

  it('removes every chunk of a source and only those', () => {
    const index = indexOf();
    index.removeSource('guide');
    expect(index.size).toBe(3);
    expect(index.search('vector', 10)).toEqual([]);
    expect(chunkIdsOf(index.search('café', 10))).toEqual(['menu#0']);
    index.removeSource('guide');
    index.removeSource('never-added');
    expect(index.size).toBe(3);
    index.add([chunk('guide#0', 'Back again with vectors.')]);
    expect(chunkIdsOf(index.search('vectors', 10))).toEqual(['guide#0']);
  });

  it('saves and loads without changing a search result or a chunk field', () => {
    const index = indexOf();
    index.remove(['menu#1']);
    const saved = JSON.stringify(index);
    const loaded = LexicalIndex.fromJSON(saved);
    expect(loaded.size).toBe(5);
    for (const query of ['vector similarity search', 'café', 'embed', 'installation', 'ошибка', 'coffee']) {
      expect(loaded.search(query, 10)).toEqual(index.search(query, 10));
    }
    expect(loaded.search('embedding provider', 10)[0]?.headings).toEqual(['Guide', 'Embeddings']);
    // The plain object works as well as its JSON text, and the loaded index keeps working.
    const fromObject = LexicalIndex.fromJSON(index.toJSON());
    fromObject.removeSource('guide');
    fromObject.add([chunk('extra#0', 'A zeppelin lands.')]);
    expect(chunkIdsOf(fromObject.search('zeppelin', 10))).toEqual(['extra#0']);
    expect(fromObject.search('vector', 10)).toEqual([]);
    expect(index.search('vector', 10)).not.toEqual([]);
  });

  it('refuses saved data of another version or whose parts disagree', () => {
    const json = indexOf().toJSON();
    expect(() => LexicalIndex.fromJSON({ ...json, version: 2 } as unknown as LexicalIndexJson)).toThrow(TypeError);
    expect(() => LexicalIndex.fromJSON({ ...json, chunks: json.chunks.slice(1) })).toThrow(/disagree/);
    expect(() => LexicalIndex.fromJSON({ ...json, chunks: [{ chunkId: 1 }] } as unknown as LexicalIndexJson)).toThrow(
      /malformed/,
    );
    expect(() => LexicalIndex.fromJSON('[]')).toThrow(TypeError);
  });
});
