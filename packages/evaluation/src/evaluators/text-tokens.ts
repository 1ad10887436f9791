/** The words of a text, lower-cased and Unicode-normalised (letters and digits; punctuation dropped). */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}
