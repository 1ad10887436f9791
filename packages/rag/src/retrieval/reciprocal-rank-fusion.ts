import type { RagCandidate } from './rag-candidate.js';

/**
 * Merges ranked lists (e.g. vector and lexical results) into one by reciprocal rank fusion:
 * a chunk scores Σ 1/(k + rank) over the lists it appears in, rank starting at 1. Only ranks
 * count, so lists whose scores are not comparable (cosine vs BM25) can still be combined.
 * `k` (default 60) damps the lead of the very first ranks.
 *
 * Returns the candidates merged by chunkId with origin 'rrf', best first; equal scores are
 * ordered by the best rank the chunk had in any list, then by chunkId, so the order is stable.
 */
export function reciprocalRankFusion(lists: readonly (readonly RagCandidate[])[], k = 60): RagCandidate[] {
  if (!(Number.isFinite(k) && k > 0)) throw new RangeError(`k must be a finite number > 0: ${k}`);
  const fused = new Map<string, { candidate: RagCandidate; score: number; bestRank: number }>();
  for (const list of lists) {
    const seen = new Set<string>();
    for (const [index, candidate] of list.entries()) {
      // A list votes once per chunk, at the chunk's best place in it.
      if (seen.has(candidate.chunkId)) continue;
      seen.add(candidate.chunkId);
      const rank = index + 1;
      const entry = fused.get(candidate.chunkId);
      if (entry === undefined) {
        fused.set(candidate.chunkId, { candidate, score: 1 / (k + rank), bestRank: rank });
      } else {
        entry.score += 1 / (k + rank);
        // The fields come from where the chunk ranked best.
        if (rank < entry.bestRank) {
          entry.candidate = candidate;
          entry.bestRank = rank;
        }
      }
    }
  }
  return [...fused.values()]
    .sort(
      (a, b) =>
        b.score - a.score ||
        a.bestRank - b.bestRank ||
        (a.candidate.chunkId < b.candidate.chunkId ? -1 : a.candidate.chunkId > b.candidate.chunkId ? 1 : 0),
    )
    .map(({ candidate, score }) => ({ ...candidate, score, origin: 'rrf' }));
}
