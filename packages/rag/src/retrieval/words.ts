// A word is a run of letters and numbers in any script. Combining marks belong to the word too, or
// Devanagari, Thai or decomposed accents ("cafe" + U+0301) would be cut in pieces; NFC first so a
// precomposed "café" and a decomposed one give the same word.
const wordPattern = /[\p{L}\p{N}\p{M}]+/gu;

/** The words of `text`, lower-cased, in order (repeats kept). */
export function words(text: string): string[] {
  return text.normalize('NFC').toLowerCase().match(wordPattern) ?? [];
}
