import { z } from 'zod';
import {
  type CircuitBreakerPolicy,
  circuitBreakerPolicy,
  circuitBreakerPresetNames,
} from '../graph/circuit-breaker-policy.js';

export const defaultMaxRetryCycles = 2;

/** A crew's `graphConfig:` block: the graph process's retries and circuit breaker. */
export const graphConfigSchema = z
  .strictObject({
    maxRetryCycles: z
      .int()
      .min(0)
      .default(defaultMaxRetryCycles)
      .describe('How often a failed task is run again, at the head of the queue, before it counts as failed.'),
    circuitBreakerPreset: z
      .enum(circuitBreakerPresetNames, {
        error: (issue) =>
          `${JSON.stringify(issue.input)} is not a circuit breaker preset; use ${circuitBreakerPresetNames.join(', ')}.`,
      })
      .default('strict')
      .describe('strict (default), default or permissive: supplies the total duration and degraded mode.'),
    maxTransitions: z.int().positive().optional().describe('Most node moves; default 2 × maxStateVisits + 1.'),
    maxStateVisits: z
      .int()
      .positive()
      .optional()
      .describe('Most runs of one node; default tasks × (1 + maxRetryCycles).'),
    maxTotalDurationSeconds: z.number().positive().optional().describe('Longest run; default the preset’s.'),
  })
  .describe('Retries and circuit breaker of the graph process; the only breaker setting a crew carries.');

export type GraphConfigInput = z.input<typeof graphConfigSchema>;
export type GraphConfig = z.output<typeof graphConfigSchema>;

/** The message for the retired `circuitBreaker:` key, at the crew root or on a task. */
export const circuitBreakerRetiredMessage =
  'circuitBreaker: is no longer read; set the breaker in the crew’s graphConfig: (circuitBreakerPreset, maxTransitions, maxStateVisits, maxTotalDurationSeconds).';

/** The refusal of `circuitBreaker:` wherever it is written. */
export const retiredCircuitBreakerSchema = z
  .never({ error: circuitBreakerRetiredMessage })
  .optional()
  .describe('Refused: use graphConfig.');

/**
 * The breaker of the graph process for a crew of `taskCount` tasks: visits per node
 * default to tasks × (1 + maxRetryCycles), transitions to 2 × visits + 1, the preset
 * supplies the duration and degraded mode. The state time-out is off: a task takes
 * as long as its agent's loop allows.
 */
export function graphProcessBreaker(config: GraphConfig, taskCount: number): CircuitBreakerPolicy {
  const visits = config.maxStateVisits ?? Math.max(1, taskCount * (1 + config.maxRetryCycles));
  return circuitBreakerPolicy(config.circuitBreakerPreset, {
    stateTimeoutMilliseconds: 0,
    maxStateVisits: visits,
    maxTransitions: config.maxTransitions ?? 2 * visits + 1,
    ...(config.maxTotalDurationSeconds === undefined
      ? {}
      : { maxTotalDurationMilliseconds: Math.round(config.maxTotalDurationSeconds * 1000) }),
  });
}
