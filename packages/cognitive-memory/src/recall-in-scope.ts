import type { MemoryType, ScoredMemoryItem } from '@orkeon/core';
import { CognitiveMemoryInputError } from './cognitive-memory-errors.js';
import { type CognitiveParts, embedOne, inScope, type ScopedStore } from './cognitive-parts.js';
import { type CompositeScore, compositeScore } from './composite-score.js';

/** How a recall is bounded and filtered. */
export interface RecallOptions {
  /** The most memories returned; default 10. */
  readonly topK?: number;
  /** The lowest composite score returned (0 to 1); default 0.1. */
  readonly minScore?: number;
  /** Only memories of this type. */
  readonly type?: MemoryType;
  /** Only memories carrying every one of these tags. */
  readonly tags?: readonly string[];
}

/** A recalled memory: `score` is the composite score, beside its three parts. */
export interface CognitiveRecallHit extends ScoredMemoryItem, CompositeScore {}

export const defaultRecallTopK = 10;
export const defaultRecallMinScore = 0.1;
/** How many candidates the vector search reads per memory returned, so that recency and importance can lift one. */
export const recallOverFetch = 3;

/**
 * The scope's memories best for `query` by composite score: the `3 × topK` nearest by
 * vector (at least `minSimilarity` cosine, default 0), scored, cut at `minScore`, best
 * first. Ties go to the key that sorts first, so results are stable.
 */
export async function recallInScope(
  parts: CognitiveParts,
  place: ScopedStore,
  query: string,
  options: RecallOptions & { readonly minSimilarity?: number },
): Promise<CognitiveRecallHit[]> {
  const topK = options.topK ?? defaultRecallTopK;
  const minScore = options.minScore ?? defaultRecallMinScore;
  if (!Number.isInteger(topK) || topK < 1)
    throw new CognitiveMemoryInputError(`Recall topK is ${topK}: give a whole number of 1 or more.`);
  if (!Number.isFinite(minScore) || minScore < 0 || minScore > 1)
    throw new CognitiveMemoryInputError(`Recall minScore is ${minScore}: give a number from 0 to 1.`);
  const vector = await embedOne(parts.embeddings, query);
  const found = await place.store.searchSimilar(vector, {
    topK: topK * recallOverFetch,
    minScore: options.minSimilarity ?? 0,
    filter: {
      tags: [place.scope, ...(options.tags ?? [])],
      ...(options.type === undefined ? {} : { type: options.type }),
    },
  });
  const now = parts.now();
  return found
    .filter((hit) => inScope(hit.item, place.scope))
    .map((hit): CognitiveRecallHit => ({ key: hit.key, item: hit.item, ...compositeScore(hit.score, hit.item, now) }))
    .filter((hit) => hit.score >= minScore)
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .slice(0, topK);
}
