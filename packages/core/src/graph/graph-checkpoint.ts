import type { CircuitBreakerCounters } from './circuit-breaker.js';

/**
 * Where a graph run stands after a node: the node to run next (`END` when done),
 * the state, the step count and the breaker's counters. The state must survive
 * `JSON.stringify` for stores that write text.
 */
export interface GraphCheckpoint<TState> {
  /** The node that just ran. */
  readonly node: string;
  readonly next: string;
  readonly state: TState;
  readonly step: number;
  readonly counters: CircuitBreakerCounters;
}

/** Keeps a graph run's latest checkpoint: saved after every node, loaded when the run starts. */
export interface GraphCheckpointer<TState> {
  load(): Promise<GraphCheckpoint<TState> | undefined>;
  save(checkpoint: GraphCheckpoint<TState>): Promise<void>;
}

/** A checkpointer in memory: a second `run` with it continues where the first stopped. */
export function memoryGraphCheckpointer<TState>(): GraphCheckpointer<TState> & {
  readonly latest: GraphCheckpoint<TState> | undefined;
} {
  let latest: GraphCheckpoint<TState> | undefined;
  return {
    get latest() {
      return latest;
    },
    load: async () => (latest === undefined ? undefined : structuredClone(latest)),
    save: async (checkpoint) => {
      latest = structuredClone(checkpoint);
    },
  };
}
