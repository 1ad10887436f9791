import type { RagCitation } from '../query/rag-answer.js';
import type { RagModel } from '../query/rag-model.js';
import { contentWords, wordCoverage } from './question-words.js';

/** The evaluate node's verdict on what a search found, always against the original question. */
export type RelevanceVerdict = 'Correct' | 'Incorrect' | 'Ambiguous';

export interface RelevanceGrade {
  readonly verdict: RelevanceVerdict;
  /** One score per passage, 0 (unrelated) to 1 (answers the question), in the passages' order. */
  readonly scores: readonly number[];
  readonly judge: 'model' | 'words';
}

/** A passage this relevant makes the search Correct; when every passage is below `incorrectBelow`, it is Incorrect. */
export const correctFrom = 0.7;
export const incorrectBelow = 0.3;

/**
 * Grades each passage against the question: the model scores them (one `n: score` line each),
 * or, without a model, the share of the question's content words a passage holds. A passage
 * the model's reply leaves out is graded by its words, so a terse model never drops one.
 */
export async function gradeRelevance(
  question: string,
  passages: readonly RagCitation[],
  model: RagModel | undefined,
  signal?: AbortSignal,
): Promise<RelevanceGrade> {
  const asked = contentWords(question);
  const byWords = passages.map((passage) => wordCoverage(asked, passage.snippet));
  if (passages.length === 0) return { verdict: 'Incorrect', scores: [], judge: 'words' };
  if (model === undefined) return { verdict: verdictOf(byWords), scores: byWords, judge: 'words' };
  const listed = passages.map((passage, index) => `[${index + 1}] ${passage.snippet.replace(/\s+/g, ' ')}`).join('\n');
  const { output } = await model.complete(`Question: ${question}\n\nPassages:\n${listed}`, {
    system:
      'You grade search results. For each passage, say how well it helps answer the question, from 0 (unrelated) to 1 (answers it). Reply with one line per passage, "number: score", and nothing else.',
    temperature: 0,
    maxTokens: 12 * passages.length + 20,
    ...(signal === undefined ? {} : { signal }),
  });
  const given = new Map<number, number>();
  for (const match of output.matchAll(/\[?(\d+)\]?\s*[:=-]\s*(\d*\.?\d+)/g)) {
    const index = Number(match[1]) - 1;
    const score = Number(match[2]);
    if (index >= 0 && index < passages.length && score >= 0 && score <= 1 && !given.has(index)) given.set(index, score);
  }
  if (given.size === 0) return { verdict: verdictOf(byWords), scores: byWords, judge: 'words' };
  const scores = byWords.map((words, index) => given.get(index) ?? words);
  return { verdict: verdictOf(scores), scores, judge: 'model' };
}

function verdictOf(scores: readonly number[]): RelevanceVerdict {
  const best = Math.max(0, ...scores);
  if (best >= correctFrom) return 'Correct';
  if (best < incorrectBelow) return 'Incorrect';
  return 'Ambiguous';
}
