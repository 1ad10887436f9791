import type { RagCandidate } from './rag-candidate.js';

/**
 * The candidates, in order, that fit in `maxTokens` together, estimating a candidate's tokens as
 * ceil(text length / charactersPerToken) (about 4 characters a token for English); stops at the
 * first one that does not fit, so a lower-ranked chunk never takes the place of a better one.
 * A first candidate that alone is over the budget is cut to fit (at a word boundary when there is
 * one, `end` moved to match) rather than leaving the context empty.
 */
export function fitToTokenBudget(
  candidates: readonly RagCandidate[],
  maxTokens: number,
  charactersPerToken = 4,
): RagCandidate[] {
  if (!Number.isInteger(maxTokens) || maxTokens < 0) {
    throw new RangeError(`maxTokens must be a whole number ≥ 0: ${maxTokens}`);
  }
  if (!(Number.isFinite(charactersPerToken) && charactersPerToken > 0)) {
    throw new RangeError(`charactersPerToken must be a finite number > 0: ${charactersPerToken}`);
  }
  const kept: RagCandidate[] = [];
  let usedTokens = 0;
  for (const candidate of candidates) {
    const tokens = Math.ceil(candidate.text.length / charactersPerToken);
    if (usedTokens + tokens <= maxTokens) {
      kept.push(candidate);
      usedTokens += tokens;
      continue;
    }
    if (kept.length === 0) {
      const cut = cutToLength(candidate, Math.floor(maxTokens * charactersPerToken));
      if (cut !== undefined) kept.push(cut);
    }
    break;
  }
  return kept;
}

// The longest start of the text, at most `maxCharacters` long, that ends at a word boundary;
// a hard cut when the first word alone is too long. Undefined when nothing is left.
function cutToLength(candidate: RagCandidate, maxCharacters: number): RagCandidate | undefined {
  const { text } = candidate;
  let hardCut = maxCharacters;
  // Never split a surrogate pair (an emoji, a rare CJK character) in two.
  const lastCode = text.charCodeAt(hardCut - 1);
  if (lastCode >= 0xd800 && lastCode <= 0xdbff) hardCut--;
  let kept = text.slice(0, hardCut);
  const endsAtBoundary = hardCut >= text.length || /\s/u.test(text.charAt(hardCut));
  if (!endsAtBoundary) {
    const lastSpace = kept.search(/\s\S*$/u);
    if (lastSpace > 0 && kept.slice(0, lastSpace).trim() !== '') kept = kept.slice(0, lastSpace);
  }
  kept = kept.trimEnd();
  if (kept.trim() === '') return undefined;
  return { ...candidate, text: kept, end: candidate.start + kept.length };
}

/**
 * Reorders best-first candidates so the best sit at both ends of the context: rank 1 first,
 * rank 2 last, rank 3 second, rank 4 second to last, and so on, the weakest in the middle.
 * Models attend to the start and the end of a long context best ("lost in the middle").
 */
export function edgesOrder<T>(candidates: readonly T[]): T[] {
  const front: T[] = [];
  const back: T[] = [];
  for (const [index, candidate] of candidates.entries()) (index % 2 === 0 ? front : back).push(candidate);
  return [...front, ...back.reverse()];
}
