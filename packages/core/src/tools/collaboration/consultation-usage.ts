import { AsyncLocalStorage } from 'node:async_hooks';
import type { TokenUsage } from '../../llm/token-usage.js';

// A coworker's tokens are spent inside a tool call, out of reach of the loop that made the call;
// the tally follows the asynchronous context down to it. Made on first use, like the run scope.
let tallies: AsyncLocalStorage<{ usage: TokenUsage }> | undefined;

/**
 * Runs `work` and adds up the tokens coworkers spent on the consultations made
 * inside it, at any depth (a coworker that asks another counts both).
 */
export async function tallyConsultations<T>(work: () => Promise<T>): Promise<{ result: T; usage: TokenUsage }> {
  tallies ??= new AsyncLocalStorage();
  const tally = { usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
  const result = await tallies.run(tally, work);
  return { result, usage: tally.usage };
}

/**
 * Counts a consultation's tokens in the innermost tally open around the call (none
 * outside one): a tally inside another is reported by its own work, so counting both would count twice.
 */
export function countConsultation(usage: TokenUsage): void {
  const tally = tallies?.getStore();
  if (tally === undefined) return;
  tally.usage = {
    inputTokens: tally.usage.inputTokens + usage.inputTokens,
    outputTokens: tally.usage.outputTokens + usage.outputTokens,
    totalTokens: tally.usage.totalTokens + usage.totalTokens,
  };
}
