import type { TextChunk } from './chunk.js';

/** A stretch of the original text by character offsets, `end` exclusive. Chunkers work on spans, never on copies, so offsets stay exact. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

const whitespace = /\s/;

/** The span without whitespace at either end (the same characters `String.prototype.trim` removes); undefined when only whitespace. */
export function trimSpan(text: string, start: number, end: number): TextSpan | undefined {
  let trimmedStart = start;
  let trimmedEnd = end;
  while (trimmedStart < trimmedEnd && whitespace.test(text.charAt(trimmedStart))) trimmedStart++;
  while (trimmedEnd > trimmedStart && whitespace.test(text.charAt(trimmedEnd - 1))) trimmedEnd--;
  return trimmedStart < trimmedEnd ? { start: trimmedStart, end: trimmedEnd } : undefined;
}

export function spanLength(span: TextSpan): number {
  return span.end - span.start;
}

/** The chunk a span of `text` stands for; `text` of the chunk is always the original's slice. */
export function chunkOfSpan(text: string, span: TextSpan, headings?: readonly string[]): TextChunk {
  const chunk = { text: text.slice(span.start, span.end), start: span.start, end: span.end };
  return headings === undefined ? chunk : { ...chunk, headings };
}
