import { spanLength, type TextSpan } from './text-span.js';

/** Cuts a span too long to repeat whole into smaller spans (at most `overlap` long), so the end of it can be repeated. */
export type SplitForOverlap = (span: TextSpan, overlap: number) => readonly TextSpan[];

/**
 * Groups neighbouring spans, in order, into chunk spans of at most `size` characters (every input span must fit in `size`).
 * Each chunk after the first starts again with the trailing spans of the previous chunk that fit in `overlap`,
 * so the overlap starts where a span starts, i.e. at a separator.
 */
export function mergeSpans(
  spans: readonly TextSpan[],
  size: number,
  overlap: number,
  splitForOverlap?: SplitForOverlap,
): TextSpan[] {
  const merged: TextSpan[] = [];
  let window: TextSpan[] = [];
  for (const span of spans) {
    const first = window[0];
    if (first !== undefined && span.end - first.start > size) {
      merged.push(coveringSpan(window));
      window = overlapTail(window, overlap, splitForOverlap);
      // The repeated tail gives way to new text when both do not fit.
      while (window[0] !== undefined && span.end - window[0].start > size) window.shift();
    }
    window.push(span);
  }
  if (window.length > 0) merged.push(coveringSpan(window));
  return merged;
}

function coveringSpan(spans: readonly TextSpan[]): TextSpan {
  return { start: (spans[0] as TextSpan).start, end: (spans.at(-1) as TextSpan).end };
}

/** The trailing spans of a finished chunk that fit in `overlap`; when its last span alone is too long, the trailing pieces of that span. */
function overlapTail(window: readonly TextSpan[], overlap: number, splitForOverlap?: SplitForOverlap): TextSpan[] {
  const last = window.at(-1);
  if (last === undefined || overlap === 0) return [];
  const candidates =
    spanLength(last) > overlap && splitForOverlap !== undefined ? splitForOverlap(last, overlap) : window;
  let firstKept = candidates.length;
  while (firstKept > 0 && last.end - (candidates[firstKept - 1] as TextSpan).start <= overlap) firstKept--;
  return candidates.slice(firstKept);
}
