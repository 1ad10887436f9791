/**
 * The five dimensions of an autonomous execution budget, named as the crew's
 * `executionBudget:` keys (formerly MaxToolCalls, MaxDelegationDepth, MaxWallTime,
 * MaxTokensConsumed and MaxSpawnedAgents).
 */
export const agentBudgetDimensions = ['toolCalls', 'delegationDepth', 'wallTime', 'tokens', 'spawnedAgents'] as const;

export type AgentBudgetDimension = (typeof agentBudgetDimensions)[number];

/** The limits of one budget; wall time in milliseconds. */
export interface AgentExecutionBudgetLimits {
  readonly maxToolCalls: number;
  readonly maxDelegationDepth: number;
  readonly maxWallTimeMs: number;
  readonly maxTokensConsumed: number;
  readonly maxSpawnedAgents: number;
}

export const agentExecutionBudgetPresetNames = ['strict', 'default', 'permissive'] as const;

export type AgentExecutionBudgetPresetName = (typeof agentExecutionBudgetPresetNames)[number];

const minute = 60_000;

export const agentExecutionBudgetPresets: Readonly<Record<AgentExecutionBudgetPresetName, AgentExecutionBudgetLimits>> =
  {
    strict: {
      maxToolCalls: 8,
      maxDelegationDepth: 1,
      maxWallTimeMs: 2 * minute,
      maxTokensConsumed: 8_000,
      maxSpawnedAgents: 1,
    },
    default: {
      maxToolCalls: 15,
      maxDelegationDepth: 2,
      maxWallTimeMs: 5 * minute,
      maxTokensConsumed: 16_000,
      maxSpawnedAgents: 3,
    },
    permissive: {
      maxToolCalls: 50,
      maxDelegationDepth: 4,
      maxWallTimeMs: 15 * minute,
      maxTokensConsumed: 64_000,
      maxSpawnedAgents: 10,
    },
  };
