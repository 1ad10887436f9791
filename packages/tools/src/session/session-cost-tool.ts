import { defineTool, type Tool, type ToolRunModelUsage } from '@orkeon/core';
import { z } from 'zod';
import { formatCount, isRunView, runOf } from './run-state.js';
import { round } from './session-stats-tool.js';

export const sessionCostToolName = 'session_cost';

/** Costs below this are rounding left-overs, not earlier runs. */
const costEpsilon = 1e-9;

/**
 * `session_cost`: the run's estimated cost so far, from the prices the runtime knows
 * (the built-in table and `Telemetry:Prices`). A model without a price is reported
 * by its tokens only, and the answer says so, never a made-up cost.
 */
export function createSessionCostTool(): Tool<Record<string, never>> {
  return defineTool({
    name: sessionCostToolName,
    description:
      "This run's estimated cost so far in US dollars, per model, where the model's price is known; tokens only (and a note saying so) where it is not.",
    input: z.strictObject({}),
    access: 'Read',
    async execute(_input, context) {
      const run = runOf(sessionCostToolName, context);
      if (!isRunView(run)) return run;
      const usage = run.usage();
      const priced = usage.models.filter((model) => model.costUsd !== undefined);
      const unpriced = usage.models.filter((model) => model.costUsd === undefined);
      const thisRun = priced.reduce((total, model) => total + (model.costUsd ?? 0), 0);
      const earlier = usage.costUsd - thisRun > costEpsilon ? usage.costUsd - thisRun : 0;
      const known = priced.length > 0 || earlier > 0;
      return {
        costUsd: known ? round(usage.costUsd, 6) : null,
        ...(earlier > 0 ? { earlierRunsCostUsd: round(earlier, 6) } : {}),
        estimated: true,
        models: usage.models.map((model) => ({
          model: model.model,
          provider: model.provider,
          calls: model.calls,
          inputTokens: model.inputTokens,
          outputTokens: model.outputTokens,
          costUsd: model.costUsd === undefined ? null : round(model.costUsd, 6),
        })),
        note: costNote(usage.models.length, unpriced),
      };
    },
  });
}

function costNote(models: number, unpriced: readonly ToolRunModelUsage[]): string {
  if (models === 0) return 'No model call has finished yet in this run, so nothing is spent.';
  const list = (entries: readonly ToolRunModelUsage[]) =>
    entries
      .map(
        (model) =>
          `${model.model} (${formatCount(model.inputTokens)} input, ${formatCount(model.outputTokens)} output tokens)`,
      )
      .join(', ');
  if (unpriced.length === models)
    return `No price is known for ${list(unpriced)}, so the cost cannot be given: tokens only. Prices are added under Telemetry:Prices.`;
  const estimate = 'An estimate from list prices (discounts, caching and batch rates ignored).';
  if (unpriced.length === 0) return estimate;
  return `${estimate} It leaves out ${list(unpriced)}: no price is known for them (tokens only); prices are added under Telemetry:Prices.`;
}
