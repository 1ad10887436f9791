import { expect } from 'vitest';
import type { TextChunk } from '../../src/chunking/chunk.js';

/** Lone surrogates: half an emoji, left behind by a cut inside a surrogate pair. */
const loneSurrogate = /\p{Surrogate}/u;

/**
 * The invariants of every chunker: each chunk is the source's slice at its offsets, trimmed, non-empty, well-formed,
 * at most `size` long; chunks come in order; and together they cover every visible character of the source.
 */
export function expectValidChunks(source: string, chunks: readonly TextChunk[], size: number): void {
  for (const chunk of chunks) {
    expect(chunk.text).toBe(source.slice(chunk.start, chunk.end));
    expect(chunk.text).toBe(chunk.text.trim());
    expect(chunk.text.length).toBeGreaterThan(0);
    expect(chunk.text.length).toBeLessThanOrEqual(size);
    expect(chunk.text).not.toMatch(loneSurrogate);
  }
  for (let index = 1; index < chunks.length; index++) {
    const previous = chunks[index - 1] as TextChunk;
    const current = chunks[index] as TextChunk;
    expect(current.start).toBeGreaterThan(previous.start);
    expect(current.end).toBeGreaterThan(previous.end);
  }
  expect(uncoveredVisibleText(source, chunks)).toBe('');
}

/** The non-whitespace characters of `source` that no chunk covers, joined. */
function uncoveredVisibleText(source: string, chunks: readonly TextChunk[]): string {
  const covered = new Array<boolean>(source.length).fill(false);
  for (const chunk of chunks) covered.fill(true, chunk.start, chunk.end);
  let uncovered = '';
  for (let index = 0; index < source.length; index++) {
    const character = source.charAt(index);
    if (!covered[index] && character.trim() !== '') uncovered += character;
  }
  return uncovered;
}

/** The characters shared by two neighbouring chunks (empty when they do not overlap). */
export function sharedText(source: string, previous: TextChunk, next: TextChunk): string {
  return next.start < previous.end ? source.slice(next.start, previous.end) : '';
}
