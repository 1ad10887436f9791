import type { RagCitation } from '../query/rag-answer.js';
import { contentWords, wordCoverage } from './question-words.js';

/** Passages graded below this are dropped by the refine node. */
export const refineThreshold = 0.5;

/**
 * The refine node (an Ambiguous search): keeps the passages graded at least 0.5 (the best
 * one when none is), and within each the sentences that share a word with the question (the
 * whole passage when none does). Markers are renumbered by rank; offsets stay the passage's.
 */
export function refinePassages(
  question: string,
  passages: readonly RagCitation[],
  scores: readonly number[],
): RagCitation[] {
  const ranked = passages
    .map((passage, index) => ({ passage, score: scores[index] ?? 0 }))
    .sort((a, b) => b.score - a.score);
  const kept = ranked.filter((entry) => entry.score >= refineThreshold);
  const chosen = kept.length > 0 ? kept : ranked.slice(0, 1);
  const asked = contentWords(question);
  return chosen.map(({ passage, score }, index) => {
    const sentences = passage.snippet.split(/(?<=[.!?])\s+/);
    const relevant = sentences.filter((sentence) => wordCoverage(asked, sentence) > 0);
    const snippet = relevant.length > 0 && relevant.length < sentences.length ? relevant.join(' ') : passage.snippet;
    return { ...passage, snippet, score, marker: index + 1 };
  });
}
