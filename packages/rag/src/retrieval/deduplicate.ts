import type { RagCandidate } from './rag-candidate.js';

/**
 * Drops repeats, keeping the first (so, in a best-first list, the best) of candidates that are
 * the same chunk (same chunkId) or say the same thing (same text once whitespace is collapsed
 * and case ignored, e.g. a passage copied into two documents). Repeats waste the context window.
 */
export function deduplicate(candidates: readonly RagCandidate[]): RagCandidate[] {
  const seenChunkIds = new Set<string>();
  const seenTexts = new Set<string>();
  const kept: RagCandidate[] = [];
  for (const candidate of candidates) {
    const text = comparableText(candidate.text);
    if (seenChunkIds.has(candidate.chunkId) || seenTexts.has(text)) continue;
    seenChunkIds.add(candidate.chunkId);
    seenTexts.add(text);
    kept.push(candidate);
  }
  return kept;
}

function comparableText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
}
