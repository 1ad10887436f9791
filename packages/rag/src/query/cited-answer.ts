import type { RagCitation } from './rag-answer.js';

/** The grounded system prompt of a cited answer (`Svc:Rag:Generation:SystemPrompt` replaces it). */
export const defaultGroundedSystemPrompt =
  'You answer questions from the numbered passages you are given, and from nothing else. After each statement, cite the passages it comes from with their numbers in square brackets, e.g. [1] or [2][3]. If the passages do not hold the answer, say that they do not.';

/** The user message: the passages, numbered, then the question. */
export function citedAnswerPrompt(question: string, passages: readonly RagCitation[]): string {
  const listed = passages.map((passage) => `[${passage.marker}] (${passage.sourceId}) ${passage.snippet}`).join('\n\n');
  return `Passages:\n${listed}\n\nQuestion: ${question}`;
}

/** The citations whose markers the answer uses, in marker order; markers naming no passage are ignored. */
export function usedCitations(text: string, passages: readonly RagCitation[]): RagCitation[] {
  const used = new Set([...text.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1])));
  return passages.filter((passage) => used.has(passage.marker)).sort((a, b) => a.marker - b.marker);
}

/** The answer when nothing was found (or no model is configured): fixed, so no model is asked to invent one. */
export function noContextAnswer(collection: string, foundButNoModel: boolean): string {
  return foundButNoModel
    ? `Passages were found in the collection '${collection}', but no model is configured to write an answer from them (set Llm:Model); use the passages directly.`
    : `Nothing in the collection '${collection}' answers this question, so no answer is given from it.`;
}
