import type { ChunkingOptions, TextChunk } from './chunk.js';
import { resolveChunkingOptions } from './chunking-options.js';
import { mergeSpans } from './merge-spans.js';
import { recursiveSpans } from './recursive-chunker.js';
import { sentenceSpans } from './sentence-spans.js';
import { chunkOfSpan, spanLength, type TextSpan } from './text-span.js';

/**
 * Whole sentences grouped into chunks of at most `size` characters; each chunk repeats the last sentences of the previous
 * one that fit in `overlap`. A sentence longer than `size` is cut on its own with the recursive chunker.
 */
export function sentenceChunks(text: string, options: ChunkingOptions = {}): TextChunk[] {
  const { size, overlap } = resolveChunkingOptions(options);
  // Runs of sentences that fit are merged with overlap; a sentence too long is cut on its own, between them.
  const parts: TextSpan[][] = [];
  let fittingSentences: TextSpan[] = [];
  for (const sentence of sentenceSpans(text)) {
    if (spanLength(sentence) <= size) {
      fittingSentences.push(sentence);
    } else {
      parts.push(mergeSpans(fittingSentences, size, overlap), recursiveSpans(text, sentence, size, overlap));
      fittingSentences = [];
    }
  }
  parts.push(mergeSpans(fittingSentences, size, overlap));
  return parts.flat().map((span) => chunkOfSpan(text, span));
}
