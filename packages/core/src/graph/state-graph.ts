import {
  type CircuitBreakerPolicy,
  type CircuitBreakerPresetName,
  circuitBreakerPolicy,
} from './circuit-breaker-policy.js';
import { CompiledGraph, type GraphShape } from './compiled-graph.js';
import { GraphDefinitionError } from './graph-errors.js';
import type { GraphNode, GraphRouter } from './graph-node.js';
import { END, START } from './graph-sentinels.js';

export interface CompileOptions {
  /** The breaker's limits: a preset name, or a policy (`circuitBreakerPolicy('strict', { … })`). Default `default`. */
  readonly breaker?: CircuitBreakerPresetName | CircuitBreakerPolicy;
  /** The node a degraded-mode breaker moves to when it trips; it runs once and the run ends. */
  readonly degradedNode?: string;
}

/**
 * A graph of nodes over a shared state: `addNode`, `addEdge` (always go on),
 * `addConditionalEdge` (a router chooses), from `START` to `END`. `compile` checks
 * the whole shape at once and returns the runnable graph.
 */
export class StateGraph<TState extends object, TServices = undefined> {
  readonly #nodes = new Map<string, GraphNode<TState, TServices>>();
  readonly #edges: { from: string; to: string }[] = [];
  readonly #routers: { from: string; router: GraphRouter<TState>; targets?: readonly string[] }[] = [];
  readonly #problems: string[] = [];

  addNode(name: string, node: GraphNode<TState, TServices>): this {
    if (name === START || name === END) this.#problems.push(`'${name}' is reserved; give the node another name`);
    else if (name.trim() === '') this.#problems.push('a node has an empty name; name every node');
    else if (this.#nodes.has(name)) this.#problems.push(`node '${name}' is added twice; give each node its own name`);
    else if (typeof node !== 'function') this.#problems.push(`node '${name}' is not a function`);
    this.#nodes.set(name, node);
    return this;
  }

  addEdge(from: string, to: string): this {
    this.#edges.push({ from, to });
    return this;
  }

  /** After `from`, go where `router` says; `targets`, when given, lists every node it may name (checked at compile). */
  addConditionalEdge(from: string, router: GraphRouter<TState>, targets?: readonly string[]): this {
    this.#routers.push({ from, router, ...(targets === undefined ? {} : { targets }) });
    return this;
  }

  /** The node names, in the order they were added. */
  get nodeNames(): readonly string[] {
    return [...this.#nodes.keys()];
  }

  compile(options: CompileOptions = {}): CompiledGraph<TState, TServices> {
    const problems = [...this.#problems];
    const known = (name: string) => this.#nodes.has(name);
    const exits = new Map<string, number>();
    for (const { from, to } of this.#edges) {
      if (from !== START && !known(from)) problems.push(`an edge leaves '${from}', which is not a node`);
      if (to === START)
        problems.push(`an edge from '${from}' goes to ${START}; edges start there, they never go there`);
      else if (to !== END && !known(to)) problems.push(`the edge ${from} → ${to} goes to '${to}', which is not a node`);
      exits.set(from, (exits.get(from) ?? 0) + 1);
    }
    for (const { from, targets } of this.#routers) {
      if (from !== START && !known(from)) problems.push(`a conditional edge leaves '${from}', which is not a node`);
      for (const target of targets ?? []) {
        if (target !== END && !known(target))
          problems.push(`the router after '${from}' may go to '${target}', which is not a node`);
      }
      exits.set(from, (exits.get(from) ?? 0) + 1);
    }
    for (const from of [START, ...this.#nodes.keys()]) {
      const count = exits.get(from) ?? 0;
      if (count === 0) {
        problems.push(
          from === START
            ? `nothing leaves ${START}; add addEdge(START, '<first node>')`
            : `node '${from}' has no way out; add addEdge('${from}', …) or a conditional edge (END ends the run)`,
        );
      } else if (count > 1) {
        problems.push(`'${from}' has ${count} ways out; give each node one edge or one conditional edge`);
      }
    }
    const degradedNode = options.degradedNode;
    if (degradedNode !== undefined && !known(degradedNode)) {
      problems.push(`the degraded node '${degradedNode}' is not a node`);
    }
    if (problems.length > 0) throw new GraphDefinitionError(problems);
    const shape: GraphShape<TState, TServices> = {
      nodes: new Map(this.#nodes),
      next: new Map<string, { to: string } | { router: GraphRouter<TState> }>([
        ...this.#edges.map(({ from, to }): [string, { to: string }] => [from, { to }]),
        ...this.#routers.map(({ from, router }): [string, { router: GraphRouter<TState> }] => [from, { router }]),
      ]),
      breaker: circuitBreakerPolicy(options.breaker ?? 'default'),
      ...(degradedNode === undefined ? {} : { degradedNode }),
    };
    return new CompiledGraph(shape);
  }
}
