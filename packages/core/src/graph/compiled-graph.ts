import { performance } from 'node:perf_hooks';
import { EventChannel } from '../runtime/event-channel.js';
import { CircuitBreaker, type CircuitBreakerTrip } from './circuit-breaker.js';
import type { CircuitBreakerPolicy } from './circuit-breaker-policy.js';
import type { GraphCheckpoint, GraphCheckpointer } from './graph-checkpoint.js';
import { GraphRunError } from './graph-errors.js';
import type { GraphNode, GraphRouter } from './graph-node.js';
import type { GraphRunListener } from './graph-run-events.js';
import { END, START } from './graph-sentinels.js';

/** The checked shape `StateGraph.compile` hands over. */
export interface GraphShape<TState, TServices> {
  readonly nodes: ReadonlyMap<string, GraphNode<TState, TServices>>;
  readonly next: ReadonlyMap<string, { readonly to: string } | { readonly router: GraphRouter<TState> }>;
  readonly breaker: CircuitBreakerPolicy;
  readonly degradedNode?: string;
}

export interface GraphRunOptions<TState, TServices> {
  readonly signal?: AbortSignal;
  /** Handed to every node as `context.services`. */
  readonly services?: TServices;
  /** Loaded before the first node (a saved run continues from it) and saved after every node. */
  readonly checkpointer?: GraphCheckpointer<TState>;
  /** Milliseconds since some origin, for the breaker's durations and the nodes' `durationMs`; default `Date.now` for the breaker, `performance.now` for the nodes. */
  readonly clock?: () => number;
  /** Told as each node ends (also when it fails, times out or is interrupted) and when a breaker trips. */
  readonly onEvent?: GraphRunListener;
}

/**
 * How a run ended: `completed` (reached END), `tripped` (a breaker stopped it; the
 * state holds what was done), `degraded` (a breaker tripped and the degraded node
 * ran), `interrupted` (the signal; the node in flight is not recorded and runs again
 * on resume).
 */
export type GraphRunStatus = 'completed' | 'tripped' | 'degraded' | 'interrupted';

export interface GraphRunResult<TState> {
  readonly status: GraphRunStatus;
  readonly state: TState;
  /** Nodes run so far, counting those of the runs a checkpoint continues. */
  readonly steps: number;
  /** The nodes this call ran, in order. */
  readonly path: readonly string[];
  readonly trip?: CircuitBreakerTrip;
  /** The step the run continued after, when a checkpoint was loaded. */
  readonly resumedAfterStep?: number;
}

/** One node done: its name, the state after it, and where the run goes next. */
export interface GraphStepEvent<TState> {
  readonly node: string;
  readonly step: number;
  readonly state: TState;
  readonly next: string;
}

export interface GraphStream<TState> extends AsyncIterable<GraphStepEvent<TState>> {
  readonly result: Promise<GraphRunResult<TState>>;
}

/**
 * A compiled graph: `run` goes from START (or the loaded checkpoint) to END, asking
 * the breaker before each node; `stream` yields each step as it happens, and
 * `options.onEvent` hears every node end and breaker trip. A node or router that
 * throws rejects the run (after its `failed` event); the last checkpoint stays, so a
 * resumed run runs that node again.
 */
export class CompiledGraph<TState extends object, TServices = undefined> {
  readonly #shape: GraphShape<TState, TServices>;

  constructor(shape: GraphShape<TState, TServices>) {
    this.#shape = shape;
  }

  get breaker(): CircuitBreakerPolicy {
    return this.#shape.breaker;
  }

  run(input: TState, options: GraphRunOptions<TState, TServices> = {}): Promise<GraphRunResult<TState>> {
    return this.#run(input, options, undefined);
  }

  stream(input: TState, options: GraphRunOptions<TState, TServices> = {}): GraphStream<TState> {
    const channel = new EventChannel<GraphStepEvent<TState>>();
    const result = this.#run(input, options, (event) => channel.push(event));
    result.then(
      () => channel.end(),
      (error: unknown) => channel.end({ error }),
    );
    result.catch(() => undefined);
    return Object.assign(channel, { result });
  }

  async #run(
    input: TState,
    options: GraphRunOptions<TState, TServices>,
    onStep: ((event: GraphStepEvent<TState>) => void) | undefined,
  ): Promise<GraphRunResult<TState>> {
    const saved = await options.checkpointer?.load();
    if (saved !== undefined && saved.next !== END && !this.#shape.nodes.has(saved.next)) {
      throw new GraphRunError(
        'GRAPH_CHECKPOINT_INVALID',
        `the checkpoint continues at node '${saved.next}', which this graph does not have; start afresh or load the graph the checkpoint was saved by.`,
      );
    }
    const breaker = new CircuitBreaker(this.#shape.breaker, {
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(saved === undefined ? {} : { counters: saved.counters }),
    });
    let state: TState = saved?.state ?? input;
    let step = saved?.step ?? 0;
    let next = saved?.next ?? (await this.#route(START, state));
    const path: string[] = [];
    const resumed = saved === undefined ? {} : { resumedAfterStep: saved.step };
    const ended = (status: GraphRunStatus, trip?: CircuitBreakerTrip): GraphRunResult<TState> => ({
      status,
      state,
      steps: step,
      path,
      ...(trip === undefined ? {} : { trip }),
      ...resumed,
    });

    const now = options.clock ?? (() => performance.now());
    const at = () => ({ state, step, path, options, resumed, breaker, now });

    while (next !== END) {
      if (aborted(options.signal)) return ended('interrupted');
      const node = next;
      const trip = breaker.check(node);
      if (trip !== undefined) return this.#tripped(trip, at());
      breaker.enter(node);
      const startedAt = now();
      const outcome = await this.#step(node, state, step + 1, options);
      const durationMs = elapsed(now, startedAt);
      if (outcome.status === 'completed') {
        step += 1;
        path.push(node);
        state = outcome.state;
        next = outcome.next;
        await options.checkpointer?.save(checkpoint(node, next, state, step, breaker));
      }
      await options.onEvent?.({
        kind: 'node.completed',
        node,
        status: outcome.status,
        step: outcome.status === 'completed' ? step : step + 1,
        visit: breaker.visits(node),
        durationMs,
        ...(outcome.status === 'completed' ? { next } : {}),
        ...(outcome.status === 'failed' ? { error: outcome.error } : {}),
      });
      if (outcome.status === 'failed') throw outcome.error;
      if (outcome.status === 'interrupted') return ended('interrupted');
      if (outcome.status === 'timedOut') return this.#tripped(breaker.timedOut(node), at());
      onStep?.({ node, step, state, next });
    }
    return ended('completed');
  }

  /** Runs one node and the router after it; a throw of either comes back as `failed`, never thrown. */
  async #step(
    node: string,
    state: TState,
    step: number,
    options: GraphRunOptions<TState, TServices>,
  ): Promise<
    | { status: 'completed'; state: TState; next: string }
    | { status: 'timedOut' | 'interrupted' }
    | { status: 'failed'; error: unknown }
  > {
    try {
      const outcome = await this.#runNode(node, state, step, options);
      if (aborted(options.signal)) return { status: 'interrupted' };
      if (outcome.timedOut) return { status: 'timedOut' };
      const after = merge(state, outcome.update);
      return { status: 'completed', state: after, next: await this.#route(node, after) };
    } catch (error) {
      return { status: 'failed', error };
    }
  }

  /** A breaker tripped: report it, then stop, or (degraded mode with a degraded node) run that node once and end. */
  async #tripped(
    trip: CircuitBreakerTrip,
    run: {
      state: TState;
      step: number;
      path: string[];
      options: GraphRunOptions<TState, TServices>;
      resumed: { resumedAfterStep?: number };
      breaker: CircuitBreaker;
      now: () => number;
    },
  ): Promise<GraphRunResult<TState>> {
    const { options, path, breaker, now } = run;
    let { state, step } = run;
    const degradedNode = this.#shape.degradedNode;
    const degrade = this.#shape.breaker.useDegradedMode && degradedNode !== undefined;
    await options.onEvent?.({ kind: 'breaker.tripped', trip, step, degraded: degrade });
    if (degrade) {
      // The degraded node is not counted by the breaker: it runs once, whatever the limits.
      const visit = breaker.visits(degradedNode) + 1;
      const report = { kind: 'node.completed', node: degradedNode, visit, degraded: true } as const;
      const startedAt = now();
      let update: Partial<TState> | undefined;
      try {
        ({ update } = await this.#runNode(degradedNode, state, step + 1, options, false));
      } catch (error) {
        const durationMs = elapsed(now, startedAt);
        await options.onEvent?.({ ...report, status: 'failed', step: step + 1, durationMs, error });
        throw error;
      }
      const durationMs = elapsed(now, startedAt);
      step += 1;
      path.push(degradedNode);
      state = merge(state, update);
      await options.checkpointer?.save(checkpoint(degradedNode, END, state, step, breaker));
      await options.onEvent?.({ ...report, status: 'completed', step, durationMs, next: END });
    }
    return { status: degrade ? 'degraded' : 'tripped', state, steps: step, path, trip, ...run.resumed };
  }

  async #runNode(
    name: string,
    state: TState,
    step: number,
    options: GraphRunOptions<TState, TServices>,
    timed = true,
  ): Promise<{ update: Partial<TState> | undefined; timedOut: boolean }> {
    const node = this.#shape.nodes.get(name) as GraphNode<TState, TServices>;
    const controller = new AbortController();
    const stop = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', stop, { once: true });
    const timeoutMilliseconds = timed ? this.#shape.breaker.stateTimeoutMilliseconds : 0;
    let timer: NodeJS.Timeout | undefined;
    try {
      const work = Promise.resolve(
        node(state, { node: name, step, signal: controller.signal, services: options.services as TServices }),
      ).then((update) => ({ update: update ?? undefined, timedOut: false }));
      if (timeoutMilliseconds === 0) return await work;
      const timeout = new Promise<{ update: undefined; timedOut: true }>((resolve) => {
        timer = setTimeout(() => {
          controller.abort(new Error(`node '${name}' ran longer than ${timeoutMilliseconds} ms`));
          resolve({ update: undefined, timedOut: true });
        }, timeoutMilliseconds);
      });
      // The abandoned node's own failure must not surface as an unhandled rejection.
      work.catch(() => undefined);
      return await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', stop);
    }
  }

  async #route(from: string, state: TState): Promise<string> {
    const edge = this.#shape.next.get(from);
    if (edge === undefined) return END;
    const to = 'to' in edge ? edge.to : await edge.router(state);
    if (to !== END && !this.#shape.nodes.has(to)) {
      const names = [...this.#shape.nodes.keys(), END].join(', ');
      throw new GraphRunError(
        'GRAPH_ROUTE_UNKNOWN',
        `the router after '${from}' chose '${String(to)}', which is not a node; return one of ${names}.`,
      );
    }
    return to;
  }
}

/** Read through a call, so a check after an await is not narrowed away by the one before it. */
function aborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** Whole milliseconds from `startedAt` to now on `clock`. */
function elapsed(clock: () => number, startedAt: number): number {
  return Math.max(0, Math.round(clock() - startedAt));
}

function merge<TState extends object>(state: TState, update: Partial<TState> | undefined): TState {
  return update === undefined ? state : { ...state, ...update };
}

function checkpoint<TState>(
  node: string,
  next: string,
  state: TState,
  step: number,
  breaker: CircuitBreaker,
): GraphCheckpoint<TState> {
  return { node, next, state, step, counters: breaker.counters() };
}
