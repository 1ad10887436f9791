import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/**
 * The four limits that stop a run that loops or hangs. A limit of 0 switches that
 * mechanism off (`maxTransitions` too). Durations are milliseconds.
 */
export interface CircuitBreakerPolicy {
  /** Most node-to-node moves in one run. */
  readonly maxTransitions: number;
  /** Longest time one node may run; the node's signal is aborted then. */
  readonly stateTimeoutMilliseconds: number;
  /** Most runs of any one node. */
  readonly maxStateVisits: number;
  /** Longest whole run, checked before each node. */
  readonly maxTotalDurationMilliseconds: number;
  /** On a trip, move to the graph's degraded node (when it has one) instead of stopping. */
  readonly useDegradedMode: boolean;
}

export const circuitBreakerPresetNames = ['strict', 'default', 'permissive'] as const;

export type CircuitBreakerPresetName = (typeof circuitBreakerPresetNames)[number];

const minute = 60_000;

/** The three presets: strict is tight and degrades, default and permissive stop. */
export const circuitBreakerPresets: Readonly<Record<CircuitBreakerPresetName, CircuitBreakerPolicy>> = {
  strict: {
    maxTransitions: 50,
    stateTimeoutMilliseconds: 2 * minute,
    maxStateVisits: 5,
    maxTotalDurationMilliseconds: 10 * minute,
    useDegradedMode: true,
  },
  default: {
    maxTransitions: 100,
    stateTimeoutMilliseconds: 5 * minute,
    maxStateVisits: 10,
    maxTotalDurationMilliseconds: 30 * minute,
    useDegradedMode: false,
  },
  permissive: {
    maxTransitions: 1000,
    stateTimeoutMilliseconds: 30 * minute,
    maxStateVisits: 50,
    maxTotalDurationMilliseconds: 120 * minute,
    useDegradedMode: false,
  },
};

/** Which limit tripped. */
export type CircuitBreakerMechanism = 'MaxTransitions' | 'StateTimeout' | 'MaxStateVisits' | 'MaxTotalDuration';

/** A preset by name, or a preset with some limits replaced. Refuses negative or fractional limits. */
export function circuitBreakerPolicy(
  base: CircuitBreakerPresetName | CircuitBreakerPolicy = 'default',
  overrides: Partial<CircuitBreakerPolicy> = {},
): CircuitBreakerPolicy {
  if (typeof base === 'string' && !(circuitBreakerPresetNames as readonly string[]).includes(base)) {
    throw new OrkeonError<CoreErrorCode>(
      'GRAPH_BREAKER_INVALID',
      `unknown circuit breaker preset '${base}'; use ${circuitBreakerPresetNames.join(', ')}.`,
    );
  }
  const policy = { ...(typeof base === 'string' ? circuitBreakerPresets[base] : base), ...overrides };
  for (const key of [
    'maxTransitions',
    'stateTimeoutMilliseconds',
    'maxStateVisits',
    'maxTotalDurationMilliseconds',
  ] as const) {
    const value = policy[key];
    if (!Number.isInteger(value) || value < 0) {
      throw new OrkeonError<CoreErrorCode>(
        'GRAPH_BREAKER_INVALID',
        `circuit breaker ${key} must be a whole number of at least 0 (0 switches it off), not ${value}.`,
      );
    }
  }
  return policy;
}
