/** What a node is told besides the state. */
export interface GraphNodeContext<TServices> {
  readonly node: string;
  /** 1 for the first node of a run; a resumed run keeps counting. */
  readonly step: number;
  /** Aborted when the run is stopped or the node runs past the breaker's state timeout. */
  readonly signal: AbortSignal;
  /** What the caller handed to `run` (`options.services`). */
  readonly services: TServices;
}

/** What a node returns: the keys it changes, or nothing (`void`, so a node that only acts needs no `return`). */
// biome-ignore lint/suspicious/noConfusingVoidType: nodes with no return statement must type-check
export type GraphNodeUpdate<TState> = Partial<TState> | undefined | void;

/** A node: reads the state and returns the keys it changes (merged over the state), or nothing. */
export type GraphNode<TState, TServices = undefined> = (
  state: Readonly<TState>,
  context: GraphNodeContext<TServices>,
) => GraphNodeUpdate<TState> | Promise<GraphNodeUpdate<TState>>;

/** Chooses the next node (or `END`) from the state after a node ran. */
export type GraphRouter<TState> = (state: Readonly<TState>) => string | Promise<string>;
