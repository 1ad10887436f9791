import { cosineSimilarity } from '@orkeon/core';
import type { ChunkingOptions, TextChunk } from './chunk.js';
import { resolveChunkingOptions } from './chunking-options.js';
import { splitRecursively } from './recursive-chunker.js';
import { sentenceSpans } from './sentence-spans.js';
import { structuralChunks } from './structural-chunker.js';
import { chunkOfSpan, type TextSpan } from './text-span.js';

/** Embeds texts: one vector per text, in the same order. */
export type EmbedTexts = (texts: readonly string[]) => Promise<number[][]>;

export interface SemanticChunkingOptions extends ChunkingOptions {
  /** Without it, semantic chunking falls back to structural chunking. */
  readonly embed?: EmbedTexts;
}

/** Breaks fall where consecutive sentences are less alike than this share of all consecutive pairs: the biggest topic shifts. */
const topicShiftPercentile = 0.25;

/**
 * Chunks that follow the topics: the sentences are embedded, and a new chunk starts where the similarity of a sentence
 * to the one before drops below the 25th percentile of those similarities, or where the chunk would exceed `size`.
 * These chunks do not overlap, since an overlap across a topic shift would mix the topics the breaks separate.
 * Without `embed`, the chunks are structural.
 */
export async function semanticChunks(text: string, options: SemanticChunkingOptions = {}): Promise<TextChunk[]> {
  const { size } = resolveChunkingOptions(options);
  if (options.embed === undefined) return structuralChunks(text, options);
  // A sentence longer than a chunk is cut first, so that every unit fits in one.
  const units = sentenceSpans(text).flatMap((sentence) => splitRecursively(text, sentence, size));
  if (units.length === 0) return [];
  const vectors = await options.embed(units.map((unit) => text.slice(unit.start, unit.end)));
  if (vectors.length !== units.length) {
    throw new Error(
      `The embedder returned ${vectors.length} vectors for ${units.length} sentences: it must return one vector per text, in order.`,
    );
  }
  const similarities = vectors.slice(1).map((vector, index) => cosineSimilarity(vectors[index] as number[], vector));
  const isTopicShift = topicShiftTest(similarities);

  const spans: TextSpan[] = [];
  let current = units[0] as TextSpan;
  for (let index = 1; index < units.length; index++) {
    const unit = units[index] as TextSpan;
    if (isTopicShift(similarities[index - 1] as number) || unit.end - current.start > size) {
      spans.push(current);
      current = unit;
    } else {
      current = { start: current.start, end: unit.end };
    }
  }
  spans.push(current);
  return spans.map((span) => chunkOfSpan(text, span));
}

/**
 * A similarity marks a topic shift when it is below the 25th percentile of them all. When the lowest similarities tie
 * (two returns to one topic, say), the percentile can equal the lowest, so the lowest count as shifts too,
 * unless all similarities are equal: a text on one topic throughout has no shift to find.
 */
function topicShiftTest(similarities: readonly number[]): (similarity: number) => boolean {
  const sorted = [...similarities].sort((a, b) => a - b);
  const threshold = percentileOfSorted(sorted, topicShiftPercentile);
  const lowest = sorted[0] ?? 0;
  const highest = sorted.at(-1) ?? 0;
  return (similarity) => similarity < threshold || (similarity === lowest && lowest < highest);
}

/** The value below which `fraction` of the sorted values lie, interpolating between neighbours; 0 for no values. */
function percentileOfSorted(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * fraction;
  const lower = sorted[Math.floor(position)] as number;
  const upper = sorted[Math.ceil(position)] as number;
  return lower + (upper - lower) * (position - Math.floor(position));
}
