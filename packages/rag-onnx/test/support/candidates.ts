import type { RagCandidate } from '@orkeon/rag';

/** Candidates as the fuse stage hands them over: vector scores falling with the given order. */
export function candidatesOf(texts: readonly string[]): RagCandidate[] {
  return texts.map((text, index) => ({
    chunkId: `doc-${index}#0`,
    sourceId: `doc-${index}`,
    text,
    start: 0,
    end: text.length,
    score: 0.9 - index / 100,
    origin: 'vector',
  }));
}

/** `word` repeated `times` times, space-separated. */
export const repeated = (word: string, times: number): string => new Array<string>(times).fill(word).join(' ');
