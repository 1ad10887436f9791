import type { TokenUsage } from './token-usage.js';

/** The `TokenBudget` limits, in the order they are checked. */
export type TokenBudgetLimit = 'MaxTokensPerAgent' | 'MaxTokensPerCrew' | 'MaxCostPerCrew';

/** The limit a crew or agent has passed, its value and the usage that passed it. */
export interface ExceededTokenBudget {
  readonly limit: TokenBudgetLimit;
  readonly maximum: number;
  readonly used: number;
}

/**
 * The answer of `recordUsage` and `checkBudget`: within budget while no limit is passed
 * (a usage equal to its limit is still within), else the first limit passed, in the
 * order agent tokens, crew tokens, crew cost, with a reason that names it.
 */
export interface BudgetCheckResult {
  readonly isWithinBudget: boolean;
  readonly denialReason?: string;
  readonly exceeded?: ExceededTokenBudget;
  readonly agentUsage: TokenUsage;
  readonly crewUsage: TokenUsage;
}
