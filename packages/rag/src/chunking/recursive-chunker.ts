import type { ChunkingOptions, TextChunk } from './chunk.js';
import { resolveChunkingOptions } from './chunking-options.js';
import { mergeSpans } from './merge-spans.js';
import { chunkOfSpan, spanLength, type TextSpan, trimSpan } from './text-span.js';

/**
 * Where text may be split, largest unit first. Each pattern matches only whitespace, so no visible character is lost
 * and a sentence keeps its full stop. `\s` also takes the `\r` of CRLF line ends.
 */
const separators: readonly RegExp[] = [
  /\n\s*\n/g, // paragraph break: a blank line
  /\n/g, // line break
  /(?<=[.!?])\s+/g, // sentence end
  /\s+/g, // space between words
];

/**
 * Chunks of at most `size` characters: the text is split on the largest separator that makes the pieces fit,
 * neighbouring pieces are merged up to `size`, and each chunk repeats about `overlap` characters of the previous one.
 */
export function recursiveChunks(text: string, options: ChunkingOptions = {}): TextChunk[] {
  const { size, overlap } = resolveChunkingOptions(options);
  const whole = trimSpan(text, 0, text.length);
  if (whole === undefined) return [];
  return recursiveSpans(text, whole, size, overlap).map((span) => chunkOfSpan(text, span));
}

/** The recursive chunking of one span of `text`, for chunkers that cut only the parts too long for them. */
export function recursiveSpans(text: string, span: TextSpan, size: number, overlap: number): TextSpan[] {
  return mergeSpans(splitRecursively(text, span, size), size, overlap, (piece, overlapSize) =>
    splitRecursively(text, piece, overlapSize),
  );
}

/**
 * Whitespace-trimmed pieces of a trimmed span, each at most `size` long: a piece too long is split on the largest
 * separator it contains, and its parts still too long on the next ones, down to single characters.
 */
export function splitRecursively(text: string, span: TextSpan, size: number, firstSeparator = 0): TextSpan[] {
  if (spanLength(span) <= size) return [span];
  for (let index = firstSeparator; index < separators.length; index++) {
    const parts = splitAtSeparator(text, span, separators[index] as RegExp);
    if (parts.length > 1) return parts.flatMap((part) => splitRecursively(text, part, size, index + 1));
  }
  return cutIntoCharacters(text, span, size);
}

function splitAtSeparator(text: string, span: TextSpan, separator: RegExp): TextSpan[] {
  const parts: TextSpan[] = [];
  let partStart = span.start;
  for (const match of text.slice(span.start, span.end).matchAll(separator)) {
    const separatorStart = span.start + match.index;
    const part = trimSpan(text, partStart, separatorStart);
    if (part !== undefined) parts.push(part);
    partStart = separatorStart + match[0].length;
  }
  const lastPart = trimSpan(text, partStart, span.end);
  if (lastPart !== undefined) parts.push(lastPart);
  return parts;
}

/** The last resort for text without whitespace: cuts every `size` characters, but never between the halves of a surrogate pair (an emoji, say). */
function cutIntoCharacters(text: string, span: TextSpan, size: number): TextSpan[] {
  const pieces: TextSpan[] = [];
  let start = span.start;
  while (start < span.end) {
    let end = Math.min(start + size, span.end);
    if (end < span.end && end - 1 > start && isLowSurrogate(text.charCodeAt(end))) end--;
    pieces.push({ start, end });
    start = end;
  }
  return pieces;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
