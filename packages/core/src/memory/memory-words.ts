/** Letters and digits, two or more: what word search compares. */
const wordPattern = /[\p{L}\p{N}]{2,}/gu;

/**
 * The words a word search compares, as every store reads them: lower case, letters and
 * digits, two characters or more, each once.
 */
export function memoryWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(wordPattern) ?? [])];
}

/** The share of `words` (0 to 1) found in `content`: the word score stores answer (SQLite's BM25 aside). */
export function memoryWordScore(words: readonly string[], content: string): number {
  if (words.length === 0) return 0;
  const present = new Set(memoryWords(content));
  return words.filter((word) => present.has(word)).length / words.length;
}
