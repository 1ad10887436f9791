import { z } from 'zod';
import { wallTimeSecondsSchema } from '../budget/crew-budget.js';
import {
  type AgentExecutionBudgetLimits,
  type AgentExecutionBudgetPresetName,
  agentExecutionBudgetPresetNames,
  agentExecutionBudgetPresets,
} from './agent-execution-budget-limits.js';

/** The message for a preset name that is not one of the three, shared by every entry point. */
export function unknownExecutionBudgetPresetMessage(value: unknown): string {
  return `unknown execution budget preset ${JSON.stringify(value)}; use one of ${agentExecutionBudgetPresetNames.join(', ')}.`;
}

const presetSchema = z.enum(agentExecutionBudgetPresetNames, {
  error: (issue) => unknownExecutionBudgetPresetMessage(issue.input),
});

const wallTimeSchema = wallTimeSecondsSchema(
  { seconds: 120, text: '90s, 2m or 1h' },
  'Longest run of the autonomous process',
);

const limitsSchema = z.strictObject({
  preset: presetSchema
    .optional()
    .describe('Where the limits left out come from: strict, default or permissive (default).'),
  toolCalls: z.int().min(1).optional().describe('Most tasks handed out (one tool call each).'),
  delegationDepth: z.int().min(0).optional().describe('Most delegations of the run, counted crew-wide.'),
  wallTime: wallTimeSchema.optional(),
  tokens: z.int().min(1).optional().describe('Most tokens of delegated and spawned work.'),
  spawnedAgents: z.int().min(0).optional().describe('Most helpers spawned with spawn_agent in the run.'),
});

/** The limits of `executionBudget:` as a map; `wallTime` in seconds once parsed. */
export type ExecutionBudgetLimitsSetting = z.output<typeof limitsSchema>;

/** A crew's `executionBudget:` after validation: a preset name, or limits over a preset. */
export type ExecutionBudgetSetting = AgentExecutionBudgetPresetName | ExecutionBudgetLimitsSetting;

/** `executionBudget:` as written: a preset name, or limits (`wallTime` also as text such as `'2m'`). */
export type ExecutionBudgetInput = AgentExecutionBudgetPresetName | z.input<typeof limitsSchema>;

/**
 * The crew's `executionBudget:` key: `strict`, `default` or `permissive`, or a map of
 * the five limits over a preset. A union's own message would only say "invalid input":
 * a string gets the preset message here, and a map the problems of its limits (see
 * `problemsFromZod`).
 */
export const executionBudgetSchema = z
  .union([presetSchema, limitsSchema], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      if (typeof issue.input === 'string') return unknownExecutionBudgetPresetMessage(issue.input);
      return `expected a preset name (${agentExecutionBudgetPresetNames.join(', ')}) or a map of limits (toolCalls, delegationDepth, wallTime, tokens, spawnedAgents).`;
    },
  })
  .describe(
    'The execution budget of the autonomous process: strict, default or permissive, or limits { preset, toolCalls, delegationDepth, wallTime, tokens, spawnedAgents }. Only for process: autonomous.',
  );

/** The limits a setting stands for: the preset's, with each limit given replacing the preset's. */
export function executionBudgetLimits(setting: ExecutionBudgetSetting): AgentExecutionBudgetLimits {
  if (typeof setting === 'string') return agentExecutionBudgetPresets[setting];
  const base = agentExecutionBudgetPresets[setting.preset ?? 'permissive'];
  return {
    maxToolCalls: setting.toolCalls ?? base.maxToolCalls,
    maxDelegationDepth: setting.delegationDepth ?? base.maxDelegationDepth,
    maxWallTimeMs: setting.wallTime === undefined ? base.maxWallTimeMs : Math.round(setting.wallTime * 1000),
    maxTokensConsumed: setting.tokens ?? base.maxTokensConsumed,
    maxSpawnedAgents: setting.spawnedAgents ?? base.maxSpawnedAgents,
  };
}
