/** How many tokens of the question and of the passage go into one model input. */
export interface PairLengths {
  readonly question: number;
  readonly passage: number;
}

/**
 * Fits a question and a passage into `budget` tokens (the model's length minus its special
 * tokens). The passage gives way first: the question stays whole unless it alone would take
 * more than half the budget next to a long passage, so a long question still leaves the
 * passage room to be judged.
 */
export function pairLengths(question: number, passage: number, budget: number): PairLengths {
  if (question + passage <= budget) return { question, passage };
  const kept = Math.min(question, Math.max(Math.floor(budget / 2), budget - passage));
  return { question: kept, passage: Math.min(passage, budget - kept) };
}
