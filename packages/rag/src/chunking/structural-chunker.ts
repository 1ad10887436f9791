import type { ChunkingOptions, TextChunk } from './chunk.js';
import { resolveChunkingOptions } from './chunking-options.js';
import { type MarkdownSection, markdownSections } from './markdown-sections.js';
import { mergeSpans } from './merge-spans.js';
import { splitRecursively } from './recursive-chunker.js';
import { chunkOfSpan, spanLength, type TextSpan, trimSpan } from './text-span.js';

/**
 * Markdown-aware chunks: one chunk per section (a heading and the text under it), carrying the heading path.
 * A section longer than `size` is split with the recursive chunker into pieces that keep its headings,
 * and a fenced code block that fits in `size` is never split.
 */
export function structuralChunks(text: string, options: ChunkingOptions = {}): TextChunk[] {
  const { size, overlap } = resolveChunkingOptions(options);
  return withBareHeadingsJoined(text, markdownSections(text)).flatMap((section) =>
    sectionSpans(text, section, size, overlap).map((span) => chunkOfSpan(text, span, section.headings)),
  );
}

/**
 * A heading with nothing under it (`# Guide` straight before `## Install`) is no passage of
 * its own: it joins the section that follows, whose chunk then starts with both headings.
 */
function withBareHeadingsJoined(text: string, sections: readonly MarkdownSection[]): MarkdownSection[] {
  const joined: MarkdownSection[] = [];
  let carriedStart: number | undefined;
  for (const [index, section] of sections.entries()) {
    const start = carriedStart ?? section.start;
    if (index < sections.length - 1 && isBareHeading(text, section)) {
      carriedStart = start;
      continue;
    }
    carriedStart = undefined;
    joined.push(start === section.start ? section : { ...section, start });
  }
  return joined;
}

function isBareHeading(text: string, section: MarkdownSection): boolean {
  if (section.headings.length === 0) return false;
  const lines = text.slice(section.start, section.end).trim().split(/\r?\n/);
  return lines.length === 1 && /^ {0,3}#{1,6}(?:[ \t]|$)/.test(lines[0] as string);
}

function sectionSpans(text: string, section: MarkdownSection, size: number, overlap: number): TextSpan[] {
  const whole = trimSpan(text, section.start, section.end);
  if (whole === undefined) return [];
  if (spanLength(whole) <= size) return [whole];
  const isInCodeBlock = (piece: TextSpan) =>
    section.codeBlocks.some((block) => block.start <= piece.start && piece.end <= block.end);
  // The repeated overlap never starts inside a code block: a code block is repeated whole or not at all.
  return mergeSpans(sectionPieces(text, section, size), size, overlap, (piece, overlapSize) =>
    isInCodeBlock(piece) ? [piece] : splitRecursively(text, piece, overlapSize),
  );
}

/** Pieces of at most `size` characters, in order: each code block whole when it fits, the text around them split recursively. */
function sectionPieces(text: string, section: MarkdownSection, size: number): TextSpan[] {
  const proseAndCode: TextSpan[] = [];
  let proseStart = section.start;
  for (const codeBlock of section.codeBlocks) {
    proseAndCode.push({ start: proseStart, end: codeBlock.start }, codeBlock);
    proseStart = codeBlock.end;
  }
  proseAndCode.push({ start: proseStart, end: section.end });
  return proseAndCode.flatMap((block) => {
    const trimmed = trimSpan(text, block.start, block.end);
    return trimmed === undefined ? [] : splitRecursively(text, trimmed, size);
  });
}
