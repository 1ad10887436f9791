import { words } from '../retrieval/words.js';
import type { Groundedness, RagCitation } from './rag-answer.js';
import type { RagModel } from './rag-model.js';

const threshold = 0.5;

/**
 * The groundedness stage: the model says whether every statement of the answer is supported by
 * the passages (a score from 0 to 1, or yes/no). Without a model, each sentence counts as
 * supported when most of its words are in the passages, and the score is the share supported.
 */
export async function checkGroundedness(
  answer: string,
  passages: readonly RagCitation[],
  model: RagModel | undefined,
  signal?: AbortSignal,
): Promise<Groundedness> {
  if (passages.length === 0) return verdictOf(0, 'words');
  if (model === undefined) return verdictOf(wordSupport(answer, passages), 'words');
  const listed = passages.map((passage) => `[${passage.marker}] ${passage.snippet}`).join('\n\n');
  const { output } = await model.complete(`Passages:\n${listed}\n\nAnswer:\n${answer}`, {
    system:
      'You check answers against their sources. Reply with one number from 0 to 1: the share of the answer’s statements that the passages support. Reply with the number only.',
    temperature: 0,
    maxTokens: 10,
    ...(signal === undefined ? {} : { signal }),
  });
  const score = scoreOf(output);
  // A reply that is neither a score nor yes/no is judged by the words instead.
  return score === undefined ? verdictOf(wordSupport(answer, passages), 'words') : verdictOf(score, 'model');
}

/** The score a judge's reply gives (`0.9`, `.25`, `90%`, `Score: 1`, yes, no), or undefined when it gives none. */
export function scoreOf(reply: string): number | undefined {
  for (const match of reply.matchAll(/(\d+(?:\.\d+)?|\.\d+)(\s*%)?/g)) {
    const number = Number(match[1]) / (match[2] === undefined ? 1 : 100);
    if (number >= 0 && number <= 1) return number;
  }
  if (/\byes\b/i.test(reply)) return 1;
  if (/\bno\b/i.test(reply)) return 0;
  return undefined;
}

function verdictOf(score: number, judge: Groundedness['judge']): Groundedness {
  const rounded = Math.round(score * 1000) / 1000;
  return { score: rounded, verdict: rounded >= threshold ? 'grounded' : 'ungrounded', judge };
}

/** The share of the answer's sentences whose words (of four letters or more) are mostly in the passages. */
function wordSupport(answer: string, passages: readonly RagCitation[]): number {
  const known = new Set(passages.flatMap((passage) => words(passage.snippet)));
  const sentences = answer
    .replace(/\[\d+\]/g, '')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => words(sentence).filter((word) => word.length >= 4))
    .filter((sentenceWords) => sentenceWords.length > 0);
  if (sentences.length === 0) return 0;
  const supported = sentences.filter(
    (sentenceWords) => sentenceWords.filter((word) => known.has(word)).length / sentenceWords.length >= threshold,
  );
  return supported.length / sentences.length;
}
