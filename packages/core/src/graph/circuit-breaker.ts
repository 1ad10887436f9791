import type { CircuitBreakerMechanism, CircuitBreakerPolicy } from './circuit-breaker-policy.js';

/** Why a breaker stopped a run: the mechanism, the node about to run, the limit and what was reached. */
export interface CircuitBreakerTrip {
  readonly mechanism: CircuitBreakerMechanism;
  readonly node: string;
  readonly limit: number;
  readonly reached: number;
  readonly message: string;
}

/** The counters a breaker keeps, as saved in a graph checkpoint so a resumed run keeps counting. */
export interface CircuitBreakerCounters {
  readonly transitions: number;
  readonly visits: Readonly<Record<string, number>>;
  readonly elapsedMilliseconds: number;
}

/**
 * Counts one run's moves against a policy. `check` is asked before each node and
 * names the first limit the move would break; `enter` records the move. Time comes
 * from the injected clock; a resumed run starts from the saved counters.
 */
export class CircuitBreaker {
  readonly policy: CircuitBreakerPolicy;
  readonly #clock: () => number;
  readonly #startedAt: number;
  readonly #elapsedBefore: number;
  #transitions: number;
  readonly #visits: Map<string, number>;

  constructor(policy: CircuitBreakerPolicy, options: { clock?: () => number; counters?: CircuitBreakerCounters } = {}) {
    this.policy = policy;
    this.#clock = options.clock ?? Date.now;
    this.#startedAt = this.#clock();
    this.#elapsedBefore = options.counters?.elapsedMilliseconds ?? 0;
    this.#transitions = options.counters?.transitions ?? 0;
    this.#visits = new Map(Object.entries(options.counters?.visits ?? {}));
  }

  /** The limit entering `node` now would break, if any. */
  check(node: string): CircuitBreakerTrip | undefined {
    const { maxTotalDurationMilliseconds, maxTransitions, maxStateVisits } = this.policy;
    const elapsed = this.elapsedMilliseconds();
    if (maxTotalDurationMilliseconds > 0 && elapsed >= maxTotalDurationMilliseconds) {
      return trip(
        'MaxTotalDuration',
        node,
        maxTotalDurationMilliseconds,
        elapsed,
        `the run took ${elapsed} ms of its ${maxTotalDurationMilliseconds} ms`,
      );
    }
    if (maxTransitions > 0 && this.#transitions >= maxTransitions) {
      return trip(
        'MaxTransitions',
        node,
        maxTransitions,
        this.#transitions + 1,
        `moving to '${node}' would be transition ${this.#transitions + 1} of at most ${maxTransitions}`,
      );
    }
    const visits = this.#visits.get(node) ?? 0;
    if (maxStateVisits > 0 && visits >= maxStateVisits) {
      return trip(
        'MaxStateVisits',
        node,
        maxStateVisits,
        visits + 1,
        `node '${node}' would make visit ${visits + 1} of at most ${maxStateVisits}`,
      );
    }
    return undefined;
  }

  enter(node: string): void {
    this.#transitions += 1;
    this.#visits.set(node, (this.#visits.get(node) ?? 0) + 1);
  }

  /** How often `node` was entered, by this run and the runs its counters continue. */
  visits(node: string): number {
    return this.#visits.get(node) ?? 0;
  }

  /** The trip of a node that ran past `stateTimeoutMilliseconds`. */
  timedOut(node: string): CircuitBreakerTrip {
    const limit = this.policy.stateTimeoutMilliseconds;
    return trip('StateTimeout', node, limit, limit, `node '${node}' ran longer than ${limit} ms`);
  }

  elapsedMilliseconds(): number {
    return this.#elapsedBefore + Math.max(0, this.#clock() - this.#startedAt);
  }

  counters(): CircuitBreakerCounters {
    return {
      transitions: this.#transitions,
      visits: Object.fromEntries(this.#visits),
      elapsedMilliseconds: this.elapsedMilliseconds(),
    };
  }
}

function trip(
  mechanism: CircuitBreakerMechanism,
  node: string,
  limit: number,
  reached: number,
  detail: string,
): CircuitBreakerTrip {
  return { mechanism, node, limit, reached, message: `circuit breaker tripped (${mechanism}): ${detail}` };
}
