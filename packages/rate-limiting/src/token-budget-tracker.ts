import { builtInModelPrices, estimateCost, type ModelPrice, serviceToken } from '@orkeon/core';
import type { BudgetCheckResult, ExceededTokenBudget } from './budget-check-result.js';
import { MemoryBudgetStore } from './memory-budget-store.js';
import { RateLimitingArgumentError } from './rate-limiting-errors.js';
import type { TokenBudgetSettings } from './token-budget-settings.js';
import type { BudgetCounts, TokenBudgetReport, TokenBudgetStore } from './token-usage.js';

/** The limits and fallback rates a tracker applies: the `TokenBudget` keys it reads. */
export type TokenBudgetLimits = Pick<
  TokenBudgetSettings,
  'MaxTokensPerAgent' | 'MaxTokensPerCrew' | 'MaxCostPerCrew' | 'FallbackPrice'
>;

/** How a `TokenBudgetTracker` counts: its store and the prices of the models. */
export interface TokenBudgetTrackerOptions {
  /** Where the counters are kept; default in memory, for this tracker alone. */
  readonly store?: TokenBudgetStore;
  /** Prices per model id; default the built-in table (`addSvcToolRateLimiting` adds `Telemetry:Prices`). */
  readonly prices?: Readonly<Record<string, ModelPrice>>;
}

/**
 * Token and cost budgets per agent role and per crew. `recordUsage` adds one model
 * call to the agent's and the crew's counters and checks, in order, the agent's tokens
 * (`MaxTokensPerAgent`), the crew's tokens (`MaxTokensPerCrew`) and the crew's
 * estimated cost (`MaxCostPerCrew`); 0 means unlimited. Cost comes from the pricing
 * registry, or `FallbackPrice` for a model it does not know.
 *
 * @experimental SVCEXP008
 */
export class TokenBudgetTracker {
  readonly #limits: TokenBudgetLimits;
  readonly #store: TokenBudgetStore;
  readonly #prices: Readonly<Record<string, ModelPrice>>;

  constructor(limits: TokenBudgetLimits, options: TokenBudgetTrackerOptions = {}) {
    this.#limits = limits;
    this.#store = options.store ?? new MemoryBudgetStore();
    this.#prices = options.prices ?? builtInModelPrices;
  }

  /** Estimated US dollars of one call: the model's price, else the fallback rates. */
  estimateCost(model: string, promptTokens: number, completionTokens: number): number {
    const priced = estimateCost(this.#prices, model, promptTokens, completionTokens);
    if (priced !== undefined) return priced;
    const { InputPerMillionTokens, OutputPerMillionTokens } = this.#limits.FallbackPrice;
    return (promptTokens * InputPerMillionTokens + completionTokens * OutputPerMillionTokens) / 1_000_000;
  }

  /** Counts one model call of `agentRole` in `crewId` and checks the limits with it. */
  async recordUsage(
    crewId: string,
    agentRole: string,
    promptTokens: number,
    completionTokens: number,
    model: string,
  ): Promise<BudgetCheckResult> {
    checkName(crewId, 'crew id');
    checkName(agentRole, 'agent role');
    checkTokens(promptTokens, 'promptTokens');
    checkTokens(completionTokens, 'completionTokens');
    const cost = this.estimateCost(model, promptTokens, completionTokens);
    return this.#judge(await this.#store.record(crewId, agentRole, promptTokens + completionTokens, cost), agentRole);
  }

  /** The limits checked against what `agentRole` and `crewId` have used so far, counting nothing. */
  async checkBudget(crewId: string, agentRole: string): Promise<BudgetCheckResult> {
    checkName(crewId, 'crew id');
    checkName(agentRole, 'agent role');
    return this.#judge(await this.#store.read(crewId, agentRole), agentRole);
  }

  /** The crew's total and each agent role's usage. */
  async getReport(crewId: string): Promise<TokenBudgetReport> {
    checkName(crewId, 'crew id');
    return this.#store.report(crewId);
  }

  #judge(counts: BudgetCounts, agentRole: string): BudgetCheckResult {
    const { MaxTokensPerAgent, MaxTokensPerCrew, MaxCostPerCrew } = this.#limits;
    const usage = { agentUsage: counts.agent, crewUsage: counts.crew };
    const passed = (maximum: number, used: number) => maximum > 0 && used > maximum;
    let exceeded: ExceededTokenBudget | undefined;
    if (passed(MaxTokensPerAgent, counts.agent.totalTokens))
      exceeded = { limit: 'MaxTokensPerAgent', maximum: MaxTokensPerAgent, used: counts.agent.totalTokens };
    else if (passed(MaxTokensPerCrew, counts.crew.totalTokens))
      exceeded = { limit: 'MaxTokensPerCrew', maximum: MaxTokensPerCrew, used: counts.crew.totalTokens };
    else if (passed(MaxCostPerCrew, counts.crew.estimatedCost))
      exceeded = { limit: 'MaxCostPerCrew', maximum: MaxCostPerCrew, used: counts.crew.estimatedCost };
    if (exceeded === undefined) return { isWithinBudget: true, ...usage };
    return { isWithinBudget: false, denialReason: denialReason(exceeded, agentRole), exceeded, ...usage };
  }
}

function denialReason({ limit, maximum, used }: ExceededTokenBudget, agentRole: string): string {
  if (limit === 'MaxTokensPerAgent')
    return `Agent '${agentRole}' used ${used} tokens, over TokenBudget:MaxTokensPerAgent (${maximum}).`;
  if (limit === 'MaxTokensPerCrew')
    return `The crew used ${used} tokens, over TokenBudget:MaxTokensPerCrew (${maximum}).`;
  return `The crew's estimated cost is ${used.toFixed(4)} US dollars, over TokenBudget:MaxCostPerCrew (${maximum}).`;
}

function checkName(value: unknown, what: string): void {
  if (typeof value !== 'string' || value.trim() === '')
    throw new RateLimitingArgumentError(`the ${what} is empty or not text; give the ${what} the usage belongs to`);
}

function checkTokens(value: unknown, what: string): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new RateLimitingArgumentError(`${what} is ${String(value)}, not a whole number of 0 or more`);
}

/** The runtime's token budget tracker, registered by `addSvcToolRateLimiting`. @experimental SVCEXP008 */
export const TokenBudgetTrackerService = serviceToken<TokenBudgetTracker>('TokenBudgetTracker');
