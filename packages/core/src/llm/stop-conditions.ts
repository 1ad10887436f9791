import type { TokenUsage } from './token-usage.js';

/** One finished step of the tool loop, as stop conditions see it. */
export interface AgentStep {
  /** The model's text in this step. */
  readonly text: string;
  /** The tools the model called in this step, by name. */
  readonly toolCalls: readonly string[];
  readonly usage: TokenUsage;
}

/**
 * Decides, after each step of `act`, whether the loop stops. Small predicates that
 * combine with `anyOf`/`allOf`; the loop also stops when the model answers without a
 * tool call, and when `maxIterations` is reached.
 */
export type StopCondition = (steps: readonly AgentStep[]) => boolean;

/** Stops after `count` steps (what `maxIterations` does). */
export function stepCountIs(count: number): StopCondition {
  return (steps) => steps.length >= count;
}

/** Stops once the model called any of these tools (names compared without regard to case). */
export function toolCalled(...names: string[]): StopCondition {
  const wanted = new Set(names.map((name) => name.toLowerCase()));
  return (steps) => steps.at(-1)?.toolCalls.some((name) => wanted.has(name.toLowerCase())) === true;
}

/** Stops once the steps together used at least `limit` tokens (input and output). */
export function tokensAtLeast(limit: number): StopCondition {
  return (steps) => steps.reduce((sum, step) => sum + step.usage.totalTokens, 0) >= limit;
}

/** Stops once the latest step's text contains `text`. */
export function textIncludes(text: string): StopCondition {
  return (steps) => steps.at(-1)?.text.includes(text) === true;
}

/** Stops when any of the conditions holds. */
export function anyOf(...conditions: StopCondition[]): StopCondition {
  return (steps) => conditions.some((condition) => condition(steps));
}

/** Stops when all of the conditions hold. */
export function allOf(...conditions: StopCondition[]): StopCondition {
  return (steps) => conditions.length > 0 && conditions.every((condition) => condition(steps));
}
