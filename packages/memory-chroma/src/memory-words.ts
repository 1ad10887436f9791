const wordPattern = /[\p{L}\p{N}]{2,}/gu;

/**
 * The spellings to ask ChromaDB for, whose `$contains` is case-sensitive: each word as the
 * query wrote it, in lower case, capitalised and in upper case.
 */
export function spellingsOf(query: string): string[] {
  const spellings = new Set<string>();
  for (const written of query.match(wordPattern) ?? []) {
    const lower = written.toLowerCase();
    spellings.add(written);
    spellings.add(lower);
    spellings.add(lower.charAt(0).toUpperCase() + lower.slice(1));
    spellings.add(lower.toUpperCase());
  }
  return [...spellings];
}
