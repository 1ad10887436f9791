/** What an agent or a crew has used: tokens (input plus output), estimated US dollars and model calls. */
export interface TokenUsage {
  readonly totalTokens: number;
  readonly estimatedCost: number;
  readonly callCount: number;
}

export const noUsage: TokenUsage = Object.freeze({ totalTokens: 0, estimatedCost: 0, callCount: 0 });

/** One agent's usage in a crew and the crew's total, read together. */
export interface BudgetCounts {
  readonly agent: TokenUsage;
  readonly crew: TokenUsage;
}

/** A crew's usage: its total and each agent role's. */
export interface TokenBudgetReport {
  readonly crewId: string;
  readonly total: TokenUsage;
  readonly agents: Readonly<Record<string, TokenUsage>>;
}

/**
 * Where the counters are kept. `record` adds one call to the agent's and the crew's
 * counters at once and answers both totals after it; concurrent records from other
 * processes are never lost.
 */
export interface TokenBudgetStore {
  record(crewId: string, agentRole: string, tokens: number, cost: number): Promise<BudgetCounts>;
  read(crewId: string, agentRole: string): Promise<BudgetCounts>;
  report(crewId: string): Promise<TokenBudgetReport>;
}
