import type { BudgetExhaustion, ModelCallBudget } from '@orkeon/core';
import type { BudgetCheckResult } from './budget-check-result.js';
import type { TokenBudgetTracker } from './token-budget-tracker.js';

/**
 * The tracker as a budget of the agent loop (`TokenBudget:ApplyInAgentLoop`): each
 * model call of a run is recorded under the run's id (a crew run's session id) and the
 * agent's role, and a passed limit stops the run as a spent crew budget does. A run
 * that has already passed one (another process of a shared store, an earlier run of a
 * resumed session) stops before its next call.
 *
 * @experimental SVCEXP008
 */
export function tokenBudgetModelCallBudget(tracker: TokenBudgetTracker): ModelCallBudget {
  return {
    name: 'TokenBudget',
    beforeCall: async (call) => exhaustionOf(await tracker.checkBudget(call.runId, call.agent), call.agent),
    afterCall: async (call) =>
      exhaustionOf(
        await tracker.recordUsage(call.runId, call.agent, call.inputTokens, call.outputTokens, call.model),
        call.agent,
      ),
  };
}

function exhaustionOf(result: BudgetCheckResult, agent: string): BudgetExhaustion | undefined {
  const exceeded = result.exceeded;
  if (result.isWithinBudget || exceeded === undefined) return undefined;
  const setting = `TokenBudget:${exceeded.limit}`;
  const dimension = exceeded.limit === 'MaxCostPerCrew' ? 'costUsd' : 'tokens';
  const exhaustion = { dimension, limit: exceeded.maximum, used: exceeded.used, setting } as const;
  return exceeded.limit === 'MaxTokensPerAgent' ? { ...exhaustion, agent } : exhaustion;
}
