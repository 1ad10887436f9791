import { defineTool, type Tool } from '@orkeon/core';
import { z } from 'zod';
import { isRunView, runOf } from './run-state.js';

export const sessionStatsToolName = 'session_stats';

/**
 * `session_stats`: the run's own counters, read from the runtime's meter: model
 * calls, input and output tokens (per model too), tool calls and time elapsed.
 */
export function createSessionStatsTool(): Tool<Record<string, never>> {
  return defineTool({
    name: sessionStatsToolName,
    description:
      "This run's counters so far: model calls, input and output tokens, tool calls (this call included) and seconds elapsed.",
    input: z.strictObject({}),
    access: 'Read',
    async execute(_input, context) {
      const run = runOf(sessionStatsToolName, context);
      if (!isRunView(run)) return run;
      const usage = run.usage();
      const earlierTokens = usage.tokens - usage.inputTokens - usage.outputTokens;
      return {
        ...(run.crew === undefined ? {} : { crew: run.crew }),
        modelCalls: usage.modelCalls,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
        tokens: usage.tokens,
        ...(earlierTokens > 0 ? { earlierRunsTokens: earlierTokens } : {}),
        toolCalls: usage.toolCalls,
        elapsedSeconds: round(usage.wallTimeSeconds, 3),
        models: usage.models.map(({ model, provider, calls, inputTokens, outputTokens }) => ({
          model,
          provider,
          calls,
          inputTokens,
          outputTokens,
        })),
        note: 'A model call counts once its answer is complete; toolCalls includes this call.',
      };
    },
  });
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
