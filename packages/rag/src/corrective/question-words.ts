import { words } from '../retrieval/words.js';

// Words that say nothing of what is asked; the rest decide whether a passage is about the question.
const stopWords = new Set(
  'a an and are as at be but by can could did do does for from had has have how i if in into is it its me my no not of on or our should so than that the their them then there these they this those to was we were what when where which who whom why will with would you your about tell give show explain describe please'.split(
    ' ',
  ),
);

/** The words of a question that carry its subject: no stop words, no single letters, each once. */
export function contentWords(text: string): string[] {
  return [...new Set(words(text).filter((word) => word.length > 1 && !stopWords.has(word)))];
}

/** The share of `question`'s content words found in `text` (0 when the question has none). */
export function wordCoverage(question: readonly string[], text: string): number {
  if (question.length === 0) return 0;
  const present = new Set(words(text));
  return question.filter((word) => present.has(word)).length / question.length;
}
