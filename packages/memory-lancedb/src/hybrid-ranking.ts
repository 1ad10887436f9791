import { cosineSimilarity, type MemoryItem, memoryWordScore, type ScoredMemoryItem } from '@orkeon/core';

/** The weights of the merge (reference brief §8): the vector's similarity counts 0.7, the words 0.3. */
export const hybridVectorWeight = 0.7;
export const hybridTextWeight = 0.3;

/** A memory found by the vector query, the word query, or both; `distance` when LanceDB measured it. */
export interface HybridCandidate {
  readonly key: string;
  readonly item: MemoryItem;
  readonly distance?: number;
}

/**
 * The candidates of both queries, each scored once on both counts: 0.7 × cosine similarity
 * (1 − the distance LanceDB measured, else computed from the stored vector; 0 without one)
 * + 0.3 × the share of the query's words its content holds. Best first, ties by key.
 */
export function rankHybrid(
  candidates: Iterable<HybridCandidate>,
  embedding: readonly number[],
  words: readonly string[],
  options: { readonly topK: number; readonly minScore: number },
): ScoredMemoryItem[] {
  const merged = new Map<string, HybridCandidate>();
  for (const candidate of candidates) {
    const known = merged.get(candidate.key);
    if (known === undefined || (known.distance === undefined && candidate.distance !== undefined))
      merged.set(candidate.key, candidate);
  }
  const scored: ScoredMemoryItem[] = [];
  for (const { key, item, distance } of merged.values()) {
    const similarity =
      distance !== undefined
        ? 1 - distance
        : item.embedding === undefined
          ? 0
          : cosineSimilarity(embedding, item.embedding);
    const score = hybridVectorWeight * similarity + hybridTextWeight * memoryWordScore(words, item.content);
    if (score >= options.minScore) scored.push({ key, item, score });
  }
  return scored.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1)).slice(0, options.topK);
}
