import type { GraphNode } from './graph-node.js';
import { StateGraph } from './state-graph.js';

/**
 * The state of a crew's own graph: each node's text output by node name (a task node
 * also under its task id), the ids of tasks that failed, and free values for function
 * nodes. It is checkpointed as JSON after every node.
 */
export interface CrewGraphState {
  readonly outputs: Readonly<Record<string, string>>;
  readonly failed: readonly string[];
  readonly values: Readonly<Record<string, unknown>>;
}

/** What the graph process gives a crew graph's nodes (`context.services`). */
export interface CrewGraphServices {
  /** Runs the crew's task by id with its agent (or the selected one); never throws for a task failure. */
  runTask(taskId: string): Promise<{ readonly ok: boolean; readonly output?: string; readonly error?: string }>;
  /** One agent of the crew answers a prompt with its tools; throws on a model error. */
  askAgent(agentId: string, prompt: string, signal: AbortSignal): Promise<string>;
}

export type CrewGraphNode = GraphNode<CrewGraphState, CrewGraphServices>;

/**
 * A crew's own graph for `process: 'graph'` (TypeScript crews only): nodes are tasks
 * (`taskNode`), agents (`agentNode`) or functions; edges as in `StateGraph`.
 * `degradedNode` is where a degraded-mode breaker goes when it trips.
 */
export class CrewGraph extends StateGraph<CrewGraphState, CrewGraphServices> {
  readonly degradedNode: string | undefined;

  constructor(options: { degradedNode?: string } = {}) {
    super();
    this.degradedNode = options.degradedNode;
    Object.defineProperty(this, brand, { value: true, enumerable: false });
  }

  /** True for a crew graph made by any copy of this package (a crew module may load another copy). */
  static isCrewGraph(value: unknown): value is CrewGraph {
    return typeof value === 'object' && value !== null && (value as { [brand]?: unknown })[brand] === true;
  }
}

const brand = Symbol.for('orkeon.crew-graph');

export function crewGraph(options: { degradedNode?: string } = {}): CrewGraph {
  return new CrewGraph(options);
}

export const emptyCrewGraphState: CrewGraphState = { outputs: {}, failed: [], values: {} };

/** A node that runs the crew's task `taskId`: its output goes under the node's name and the task id; a failure is listed in `failed`. */
export function taskNode(taskId: string): CrewGraphNode {
  return async (state, context) => {
    const result = await context.services.runTask(taskId);
    if (!result.ok || result.output === undefined) {
      return { failed: [...state.failed.filter((id) => id !== taskId), taskId] };
    }
    return {
      outputs: { ...state.outputs, [context.node]: result.output, [taskId]: result.output },
      failed: state.failed.filter((id) => id !== taskId),
    };
  };
}

/** A node where agent `agentId` answers `prompt` (text, or made from the state); the answer goes under the node's name. */
export function agentNode(agentId: string, prompt: string | ((state: CrewGraphState) => string)): CrewGraphNode {
  return async (state, context) => {
    const text = typeof prompt === 'string' ? prompt : prompt(state);
    const output = await context.services.askAgent(agentId, text, context.signal);
    return { outputs: { ...state.outputs, [context.node]: output } };
  };
}
