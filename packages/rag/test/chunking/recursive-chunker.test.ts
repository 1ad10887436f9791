import { describe, expect, it } from 'vitest';
import type { TextChunk } from '../../src/chunking/chunk.js';
import { recursiveChunks } from '../../src/chunking/recursive-chunker.js';
import { expectValidChunks, sharedText } from './chunk-expectations.js';
import { prose, samples } from './sample-texts.js';

describe('recursiveChunks', () => {
  for (const [name, text] of Object.entries(samples)) {
    for (const [size, overlap] of [
      [50, 0],
      [80, 20],
      [200, 60],
    ] as const) {
      it(`keeps the offsets, sizes and coverage on ${name} (size ${size}, overlap ${overlap})`, () => {
        const chunks = recursiveChunks(text, { size, overlap });
        if (text.length > size) expect(chunks.length).toBeGreaterThan(1);
        expectValidChunks(text, chunks, size);
      });
    }
  }

  it('gives no chunks for empty or whitespace-only text', () => {
    expect(recursiveChunks('')).toEqual([]);
    expect(recursiveChunks(' \n\r\n\t ')).toEqual([]);
  });

  it('gives a text that fits one chunk, trimmed, with offsets of the trimmed text', () => {
    expect(recursiveChunks('\n  Short text.  \n')).toEqual([{ text: 'Short text.', start: 3, end: 14 }]);
  });

  it('splits on paragraph breaks first, when the paragraphs fit', () => {
    const text =
      'First paragraph, line one.\nLine two.\n\nSecond paragraph.\n\nThird one.\n\nFourth paragraph is here.';
    expect(recursiveChunks(text, { size: 50, overlap: 0 }).map((chunk) => chunk.text)).toEqual([
      'First paragraph, line one.\nLine two.',
      'Second paragraph.\n\nThird one.',
      'Fourth paragraph is here.',
    ]);
  });

  it('falls back to sentence ends, then spaces, for a paragraph too long', () => {
    const text = 'One sentence that is rather long. Another sentence after it. A third ends here.';
    expect(recursiveChunks(text, { size: 50, overlap: 0 }).map((chunk) => chunk.text)).toEqual([
      'One sentence that is rather long.',
      'Another sentence after it. A third ends here.',
    ]);
    const words = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron';
    const chunks = recursiveChunks(words, { size: 50, overlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      'alpha beta gamma delta epsilon zeta eta theta iota',
      'kappa lambda mu nu xi omicron',
    ]);
  });

  it('cuts text without whitespace every size characters, never inside an emoji', () => {
    expect(recursiveChunks('x'.repeat(120), { size: 50, overlap: 0 }).map((chunk) => chunk.text.length)).toEqual([
      50, 50, 20,
    ]);
    // 'a' then 80 emoji of two UTF-16 units: a cut at 50 would fall inside the 25th emoji.
    const emoji = `a${'😀'.repeat(80)}`;
    expect(recursiveChunks(emoji, { size: 50, overlap: 0 }).map((chunk) => chunk.end)).toEqual([49, 99, 149, 161]);
  });

  it('makes neighbouring chunks share about the overlap, starting at a separator', () => {
    const overlap = 60;
    const chunks = recursiveChunks(prose, { size: 200, overlap });
    for (let index = 1; index < chunks.length; index++) {
      const shared = sharedText(prose, chunks[index - 1] as TextChunk, chunks[index] as TextChunk);
      expect(shared.length).toBeGreaterThan(overlap / 2);
      expect(shared.length).toBeLessThanOrEqual(overlap);
      expect(prose.charAt((chunks[index] as TextChunk).start - 1)).toMatch(/\s/);
    }
  });

  it('repeats the end of a paragraph too long to repeat whole, from a sentence start', () => {
    const text = `${'Filler words go here. '.repeat(6).trim()}\n\n${'More filler follows. '.repeat(4).trim()}`;
    const [first, second] = recursiveChunks(text, { size: 150, overlap: 45 });
    expect(first?.text).toBe('Filler words go here. '.repeat(6).trim());
    expect(sharedText(text, first as TextChunk, second as TextChunk)).toBe(
      'Filler words go here. Filler words go here.',
    );
  });

  it('does not overlap with an overlap of 0', () => {
    const chunks = recursiveChunks(prose, { size: 120, overlap: 0 });
    for (let index = 1; index < chunks.length; index++) {
      expect((chunks[index] as TextChunk).start).toBeGreaterThanOrEqual((chunks[index - 1] as TextChunk).end);
    }
  });

  it('uses chunks of up to 1000 characters overlapping by up to 200 by default', () => {
    const text = prose.repeat(4);
    const chunks = recursiveChunks(text);
    expectValidChunks(text, chunks, 1000);
    expect(Math.max(...chunks.map((chunk) => chunk.text.length))).toBeGreaterThan(800);
    for (let index = 1; index < chunks.length; index++) {
      const shared = sharedText(text, chunks[index - 1] as TextChunk, chunks[index] as TextChunk);
      expect(shared.length).toBeGreaterThan(0);
      expect(shared.length).toBeLessThanOrEqual(200);
    }
  });
});
