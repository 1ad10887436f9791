import { defineTool, type Tool, type ToolRunUsage } from '@orkeon/core';
import { z } from 'zod';
import { isRunView, runOf } from './run-state.js';
import { round } from './session-stats-tool.js';

export const tokenBudgetToolName = 'token_budget';

const dimensions = [
  { name: 'tokens', used: (usage: ToolRunUsage) => usage.tokens, digits: 0 },
  { name: 'costUsd', used: (usage: ToolRunUsage) => usage.costUsd, digits: 6 },
  { name: 'wallTime', used: (usage: ToolRunUsage) => usage.wallTimeSeconds, digits: 3 },
  { name: 'toolCalls', used: (usage: ToolRunUsage) => usage.toolCalls, digits: 0 },
] as const;

/**
 * `token_budget`: what the run's budget allows and what is left, per limit (tokens,
 * estimated cost, wall time in seconds, tool calls), read from the runtime's meter.
 */
export function createTokenBudgetTool(): Tool<Record<string, never>> {
  return defineTool({
    name: tokenBudgetToolName,
    description:
      "What this run's budget allows and what is left: tokens, estimated cost in US dollars, wall time in seconds and tool calls (this call included). A limit not set is unbounded.",
    input: z.strictObject({}),
    access: 'Read',
    async execute(_input, context) {
      const run = runOf(tokenBudgetToolName, context);
      if (!isRunView(run)) return run;
      const usage = run.usage();
      const { limits, exhausted } = run.budget();
      const report: Record<string, unknown> = {};
      for (const dimension of dimensions) {
        const used = round(dimension.used(usage), dimension.digits);
        const limit = limits[dimension.name];
        report[dimension.name] =
          limit === undefined
            ? { limit: null, used }
            : { limit, used, left: round(Math.max(0, limit - dimension.used(usage)), dimension.digits) };
      }
      const bounded = dimensions.filter((dimension) => limits[dimension.name] !== undefined).map(({ name }) => name);
      return {
        ...report,
        ...(exhausted === undefined ? {} : { exhausted: exhausted.dimension }),
        note:
          exhausted !== undefined
            ? `The ${exhausted.dimension} limit is spent: the run is stopping. Finish with what you have.`
            : bounded.length === 0
              ? 'This run has no budget: nothing is bounded (limit null).'
              : `Bounded: ${bounded.join(', ')}; a limit of null is not bounded. When a limit is spent the run stops.`,
      };
    },
  });
}
