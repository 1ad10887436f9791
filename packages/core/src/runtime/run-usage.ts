import type { CrewBudgetMeter } from '../budget/crew-budget-meter.js';
import type { ToolRunModelUsage, ToolRunUsage, ToolRunView } from '../tools/tool.js';

interface ModelTally {
  readonly model: string;
  readonly provider: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number | undefined;
}

/**
 * One run's model calls, counted by model: the meter keeps only the totals its limits
 * need, while the session tools report calls, input and output tokens and cost per model.
 */
export class RunUsage {
  readonly #models = new Map<string, ModelTally>();

  /** One finished model call, as the metered model reports it. */
  recordModelCall(call: {
    readonly model: string;
    readonly provider: string;
    readonly inputTokens: number;
    readonly outputTokens: number;
    readonly costUsd: number | undefined;
  }): void {
    const key = `${call.provider}\u0000${call.model}`;
    let tally = this.#models.get(key);
    if (tally === undefined) {
      tally = {
        model: call.model,
        provider: call.provider,
        calls: 0,
        inputTokens: 0,
        outputTokens: 0,
        costUsd: undefined,
      };
      this.#models.set(key, tally);
    }
    tally.calls++;
    tally.inputTokens += call.inputTokens;
    tally.outputTokens += call.outputTokens;
    if (call.costUsd !== undefined) tally.costUsd = (tally.costUsd ?? 0) + call.costUsd;
  }

  models(): ToolRunModelUsage[] {
    return [...this.#models.values()].map(({ costUsd, ...counts }) => ({
      ...counts,
      ...(costUsd === undefined ? {} : { costUsd }),
    }));
  }
}

/** The read-only view tools get as `context.run`: one object per run, reading the live counters. */
export function toolRunView(meter: CrewBudgetMeter, usage: RunUsage, crew: string | undefined): ToolRunView {
  return Object.freeze({
    ...(crew === undefined ? {} : { crew }),
    usage(): ToolRunUsage {
      const totals = meter.usage();
      const models = usage.models();
      const sum = (pick: (model: ToolRunModelUsage) => number) =>
        models.reduce((total, model) => total + pick(model), 0);
      return {
        modelCalls: sum((model) => model.calls),
        inputTokens: sum((model) => model.inputTokens),
        outputTokens: sum((model) => model.outputTokens),
        tokens: totals.tokens,
        costUsd: totals.costUsd,
        toolCalls: totals.toolCalls,
        wallTimeSeconds: totals.wallTimeSeconds,
        models,
      };
    },
    budget() {
      const exhausted = meter.exhaustion;
      return { limits: { ...meter.budget }, ...(exhausted === undefined ? {} : { exhausted: { ...exhausted } }) };
    },
  });
}
