// Retrieval metrics over one ranked list (best first) and the set of relevant ids of a question.
// A relevant id is a source id, which any chunk of that source matches, or a chunk id, which
// only that chunk matches: a dataset may say "this document answers it" or "this passage does".

/** What the metrics need of a retrieved passage (a `RagCitation` is one). */
export interface RankedPassage {
  readonly chunkId: string;
  readonly sourceId: string;
}

/** True when the passage's chunk id or its source id is one of the relevant ids. */
export function isRelevant(passage: RankedPassage, relevant: ReadonlySet<string>): boolean {
  return relevant.has(passage.chunkId) || relevant.has(passage.sourceId);
}

/**
 * Recall@k: how many distinct relevant ids the first k passages match, divided by the number of
 * relevant ids. A source is counted once however many of its chunks are retrieved, so recall
 * stays within 0..1 and reaches 1 only when every relevant item was found. With no relevant
 * id there is nothing to find, and the recall is 0 (datasets refuse such a question).
 */
export function recallAtK(ranked: readonly RankedPassage[], relevant: ReadonlySet<string>, k: number): number {
  if (relevant.size === 0) return 0;
  const found = new Set<string>();
  for (const passage of ranked.slice(0, k)) {
    if (relevant.has(passage.chunkId)) found.add(passage.chunkId);
    if (relevant.has(passage.sourceId)) found.add(passage.sourceId);
  }
  return found.size / relevant.size;
}

/**
 * Precision@k: the relevant passages among the first k, divided by k (not by the number
 * retrieved), so a search that answers fewer than k passages is not rewarded for it. Two
 * chunks of one relevant source both count: each is a useful passage.
 */
export function precisionAtK(ranked: readonly RankedPassage[], relevant: ReadonlySet<string>, k: number): number {
  if (k <= 0) return 0;
  return ranked.slice(0, k).filter((passage) => isRelevant(passage, relevant)).length / k;
}

/** Reciprocal rank: 1 / the rank (from 1) of the first relevant passage, 0 when none is relevant. */
export function reciprocalRank(ranked: readonly RankedPassage[], relevant: ReadonlySet<string>): number {
  const index = ranked.findIndex((passage) => isRelevant(passage, relevant));
  return index === -1 ? 0 : 1 / (index + 1);
}
