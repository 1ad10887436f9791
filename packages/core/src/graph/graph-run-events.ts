import type { CircuitBreakerTrip } from './circuit-breaker.js';

/**
 * How a node's run ended: `completed` (its update is merged and the run goes on),
 * `failed` (the node or the router after it threw; the run rejects), `timedOut` (it ran
 * past the breaker's state timeout) or `interrupted` (the run's signal; its update is
 * dropped and it runs again on resume).
 */
export type GraphNodeStatus = 'completed' | 'failed' | 'timedOut' | 'interrupted';

/** A node ended, whichever way. */
export interface GraphNodeCompleted {
  readonly kind: 'node.completed';
  readonly node: string;
  readonly status: GraphNodeStatus;
  /** The step the node ran as: 1 for the first node of a run; a resumed run keeps counting. */
  readonly step: number;
  /** Which run of this node it was, from 1: the cycle of a loop, as the breaker's visit limit counts it. */
  readonly visit: number;
  readonly durationMs: number;
  /** Where the run goes on (`END` when done); only when `completed`. */
  readonly next?: string;
  /** The degraded node a tripped breaker moved to. */
  readonly degraded?: true;
  /** What the node or its router threw; only when `failed`. */
  readonly error?: unknown;
}

/** A breaker stopped the run before `trip.node` (or, for `StateTimeout`, after it ran too long). */
export interface GraphBreakerTripped {
  readonly kind: 'breaker.tripped';
  readonly trip: CircuitBreakerTrip;
  /** Steps done when it tripped. */
  readonly step: number;
  /** Whether the degraded node runs next; otherwise the run stops here. */
  readonly degraded: boolean;
}

export type GraphRunEvent = GraphNodeCompleted | GraphBreakerTripped;

/** Told of each event as it happens; the run waits for a returned promise, and a throw rejects the run. */
export type GraphRunListener = (event: GraphRunEvent) => void | Promise<void>;
