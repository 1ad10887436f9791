import { describe, expect, it } from 'vitest';
import type { TextChunk } from '../../src/chunking/chunk.js';
import { sentenceChunks } from '../../src/chunking/sentence-chunker.js';
import { expectValidChunks, sharedText } from './chunk-expectations.js';
import { samples } from './sample-texts.js';

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** Where the sentences of `text` start and end, trimmed, as the test reads them. */
function sentenceBoundaries(text: string): { starts: Set<number>; ends: Set<number> } {
  const starts = new Set<number>();
  const ends = new Set<number>();
  for (const { segment, index } of sentenceSegmenter.segment(text)) {
    if (segment.trim() === '') continue;
    starts.add(index + segment.length - segment.trimStart().length);
    ends.add(index + segment.trimEnd().length);
  }
  return { starts, ends };
}

const story = [
  'The lighthouse keeper woke before dawn.',
  'He climbed the stairs with a lamp.',
  'Fog covered the bay.',
  'A ship sounded its horn twice.',
  'He lit the great lens.',
  'The beam swept across the water.',
  'By noon the fog had lifted.',
  'Gulls returned to the rocks.',
].join(' ');

describe('sentenceChunks', () => {
  for (const [name, text] of Object.entries(samples)) {
    for (const [size, overlap] of [
      [50, 0],
      [120, 40],
    ] as const) {
      it(`keeps the offsets, sizes and coverage on ${name} (size ${size}, overlap ${overlap})`, () => {
        expectValidChunks(text, sentenceChunks(text, { size, overlap }), size);
      });
    }
  }

  it('gives no chunks for whitespace-only text', () => {
    expect(sentenceChunks('  \r\n ')).toEqual([]);
  });

  it('groups whole sentences up to the size', () => {
    const chunks = sentenceChunks(story, { size: 100, overlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'The lighthouse keeper woke before dawn. He climbed the stairs with a lamp. Fog covered the bay.',
      'A ship sounded its horn twice. He lit the great lens. The beam swept across the water.',
      'By noon the fog had lifted. Gulls returned to the rocks.',
    ]);
    const { starts, ends } = sentenceBoundaries(story);
    for (const chunk of chunks) {
      expect(starts.has(chunk.start)).toBe(true);
      expect(ends.has(chunk.end)).toBe(true);
    }
  });

  it('starts each chunk with the last whole sentences of the previous one that fit in the overlap', () => {
    const chunks = sentenceChunks(story, { size: 100, overlap: 55 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'The lighthouse keeper woke before dawn. He climbed the stairs with a lamp. Fog covered the bay.',
      'He climbed the stairs with a lamp. Fog covered the bay. A ship sounded its horn twice.',
      'Fog covered the bay. A ship sounded its horn twice. He lit the great lens.',
      'A ship sounded its horn twice. He lit the great lens. The beam swept across the water.',
      'He lit the great lens. The beam swept across the water. By noon the fog had lifted.',
      'By noon the fog had lifted. Gulls returned to the rocks.',
    ]);
    for (let index = 1; index < chunks.length; index++) {
      const shared = sharedText(story, chunks[index - 1] as TextChunk, chunks[index] as TextChunk);
      expect(shared.length).toBeLessThanOrEqual(55);
    }
  });

  it('cuts a sentence longer than the size with the recursive chunker, between its words', () => {
    const longSentence = `This sentence ${'keeps going and going '.repeat(8).trim()} until it ends.`;
    const text = `Short start. ${longSentence} Short end.`;
    const chunks = sentenceChunks(text, { size: 60, overlap: 0 });
    expectValidChunks(text, chunks, 60);
    expect(chunks[0]?.text).toBe('Short start.');
    expect(chunks.at(-1)?.text).toBe('Short end.');
    const longSentenceStart = text.indexOf(longSentence);
    const longSentencePieces = chunks.slice(1, -1);
    expect(longSentencePieces.length).toBeGreaterThan(1);
    expect(longSentencePieces[0]?.start).toBe(longSentenceStart);
    expect(longSentencePieces.at(-1)?.end).toBe(longSentenceStart + longSentence.length);
    for (const piece of longSentencePieces) {
      expect(text.charAt(piece.start - 1)).toBe(' ');
      expect(text.charAt(piece.end)).toBe(' ');
    }
  });

  it('keeps CRLF line ends out of the chunks ends', () => {
    const text = 'First line sentence.\r\nSecond line sentence.\r\n\r\nThird, in a new paragraph.\r\n';
    expect(sentenceChunks(text, { size: 50, overlap: 0 })).toEqual([
      { text: 'First line sentence.\r\nSecond line sentence.', start: 0, end: 43 },
      { text: 'Third, in a new paragraph.', start: 47, end: 73 },
    ]);
  });
});
