import type { RagCandidate } from './rag-candidate.js';
import { words } from './words.js';

export interface MaximalMarginalRelevanceOptions {
  /** Weight of relevance against diversity, in [0, 1]: 1 ranks by score only, 0 by diversity only. Default 0.7. */
  readonly lambda?: number;
  /** How many candidates to select; default all of them. */
  readonly limit?: number;
}

/**
 * Selects candidates that are relevant but not redundant (maximal marginal relevance), so the
 * context is not filled with five phrasings of the same passage. Greedy: each step takes the
 * candidate with the highest λ·relevance − (1 − λ)·(its highest similarity to one already
 * selected). Relevance is the score scaled to [0, 1] over the list; similarity is the Jaccard
 * similarity of the two texts' word sets (cheap, and needs no embeddings).
 *
 * Returns up to `limit` candidates in selection order; ties go to the earlier candidate.
 */
export function maximalMarginalRelevance(
  candidates: readonly RagCandidate[],
  options: MaximalMarginalRelevanceOptions = {},
): RagCandidate[] {
  const { lambda = 0.7, limit = candidates.length } = options;
  if (!(lambda >= 0 && lambda <= 1)) throw new RangeError(`lambda must be in [0, 1]: ${lambda}`);
  if (!Number.isInteger(limit) || limit < 0) throw new RangeError(`The limit must be a whole number ≥ 0: ${limit}`);

  const relevance = normalisedScores(candidates);
  const wordSets = candidates.map((candidate) => new Set(words(candidate.text)));
  // The highest similarity of each candidate to any selected one, updated after every pick.
  const redundancy = candidates.map(() => 0);
  const remaining = new Set(candidates.keys());
  const selected: RagCandidate[] = [];

  while (selected.length < limit && remaining.size > 0) {
    let bestIndex = -1;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (const index of remaining) {
      const value = lambda * (relevance[index] ?? 0) - (1 - lambda) * (redundancy[index] ?? 0);
      if (value > bestValue) {
        bestValue = value;
        bestIndex = index;
      }
    }
    const picked = candidates[bestIndex];
    const pickedWords = wordSets[bestIndex];
    if (picked === undefined || pickedWords === undefined) break;
    selected.push(picked);
    remaining.delete(bestIndex);
    for (const index of remaining) {
      const similarity = jaccardSimilarity(pickedWords, wordSets[index] ?? new Set());
      if (similarity > (redundancy[index] ?? 0)) redundancy[index] = similarity;
    }
  }
  return selected;
}

// Min-max scaling; when every score is the same, every candidate is fully relevant.
function normalisedScores(candidates: readonly RagCandidate[]): number[] {
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const { score } of candidates) {
    lowest = Math.min(lowest, score);
    highest = Math.max(highest, score);
  }
  const range = highest - lowest;
  return candidates.map(({ score }) => (range > 0 ? (score - lowest) / range : 1));
}

/** Shared words over all words of the two sets; 0 when both are empty. */
function jaccardSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}
