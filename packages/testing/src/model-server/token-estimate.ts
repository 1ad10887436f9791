/**
 * A rough token count for text of `characters` characters: a quarter of them,
 * rounded up, at least 1. English averages about four characters a token, and
 * tests only need small, stable, non-zero numbers.
 */
export function estimateTokens(characters: number): number {
  return Math.max(1, Math.ceil(characters / 4));
}
