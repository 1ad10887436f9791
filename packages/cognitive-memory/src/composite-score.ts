import type { MemoryItem } from '@orkeon/core';

/** How much each part weighs in a recall's composite score (reference brief §8); they add up to 1. */
export const compositeWeights = { semantic: 0.5, recency: 0.3, importance: 0.2 } as const;

/** Hours after which a memory's recency has halved. */
export const recencyHalfLifeHours = 69;

const hourMilliseconds = 3_600_000;

/** The parts of a composite score, each from 0 to 1, and the score. */
export interface CompositeScore {
  readonly score: number;
  readonly semanticScore: number;
  readonly recencyScore: number;
  readonly importanceScore: number;
}

/** 1 for a memory made now, halving every 69 hours; a memory dated in the future counts as made now. */
export function recencyScore(createdAt: string, now: Date): number {
  const made = Date.parse(createdAt);
  if (Number.isNaN(made)) return 0;
  const ageHours = Math.max(0, now.getTime() - made) / hourMilliseconds;
  return 0.5 ** (ageHours / recencyHalfLifeHours);
}

/**
 * 0.5 × semantic + 0.3 × recency + 0.2 × importance. The semantic part is the cosine
 * similarity to the query, a negative one counted as 0.
 */
export function compositeScore(similarity: number, item: MemoryItem, now: Date): CompositeScore {
  const semanticScore = Math.min(1, Math.max(0, similarity));
  const recency = recencyScore(item.metadata.createdAt, now);
  const importanceScore = Math.min(1, Math.max(0, item.importance));
  const score =
    compositeWeights.semantic * semanticScore +
    compositeWeights.recency * recency +
    compositeWeights.importance * importanceScore;
  return { score, semanticScore, recencyScore: recency, importanceScore };
}
