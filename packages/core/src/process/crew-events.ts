import type { ProcessType } from '../crew/process-type.js';
import type { CircuitBreakerMechanism } from '../graph/circuit-breaker-policy.js';
import type { GraphNodeCompleted } from '../graph/graph-run-events.js';
import type { TokenUsage } from '../llm/llm-client.js';

/** A failure as data: stable code and message, ready for JSON lines and checkpoints. */
export interface FailureInfo {
  readonly code: string;
  readonly message: string;
}

/** The run begins; `tasks` is the order tasks will be settled in, `reused` those taken from `completedOutputs`. */
export interface RunStartedEvent {
  readonly kind: 'run.started';
  readonly crew: string;
  readonly process: ProcessType;
  readonly tasks: readonly string[];
  readonly reused: readonly string[];
}

/** An agent starts on a task; `attempt` counts from 1 (hierarchical revisions are 2 and 3). */
export interface TaskStartedEvent {
  readonly kind: 'task.started';
  readonly crew: string;
  readonly taskId: string;
  readonly agentId: string;
  readonly agentRole: string;
  readonly attempt: number;
}

/**
 * The hierarchical manager hands a task to a worker (`agentId`): the assignment is
 * `round` 1, each answer sent back for revision the next round. `reason` is the
 * manager's: why it chose the worker, or its feedback on the rejected answer.
 */
export interface TaskAssignedEvent {
  readonly kind: 'task.assigned';
  readonly crew: string;
  readonly taskId: string;
  readonly managerId: string;
  readonly agentId: string;
  readonly agentRole: string;
  readonly round: number;
  readonly reason?: string;
}

/**
 * A task is settled without failing: done (with its `output`, the moment to checkpoint),
 * `reused` from `completedOutputs` (not run again), or `skipped` (never run; `reason` says why).
 */
export interface TaskCompletedEvent {
  readonly kind: 'task.completed';
  readonly crew: string;
  readonly taskId: string;
  readonly agentId?: string;
  readonly agentRole?: string;
  readonly durationMs: number;
  readonly output?: string;
  readonly usage?: TokenUsage;
  readonly reused?: true;
  readonly skipped?: true;
  readonly reason?: string;
}

/** A task failed; its dependants will be skipped. `output` is set for `[NEEDS REVISION]` answers. */
export interface TaskFailedEvent {
  readonly kind: 'task.failed';
  readonly crew: string;
  readonly taskId: string;
  readonly agentId?: string;
  readonly agentRole?: string;
  readonly durationMs: number;
  readonly error: FailureInfo;
  readonly output?: string;
}

/** Every task completed. */
export interface RunCompletedEvent {
  readonly kind: 'run.completed';
  readonly crew: string;
  readonly output: string;
  readonly usage: TokenUsage;
  readonly durationMs: number;
}

/** The run ended without every task completing: failures, a stop, or an interruption. */
export interface RunFailedEvent {
  readonly kind: 'run.failed';
  readonly crew: string;
  readonly error: FailureInfo;
  readonly failed: readonly string[];
  readonly skipped: readonly string[];
  readonly interrupted?: true;
  readonly usage: TokenUsage;
  readonly durationMs: number;
}

/**
 * A node of the crew's graph ended (graph process: the fixed graph over the tasks, or
 * the crew's own graph), whichever way (`status`). `next` is where the graph goes on
 * (completed nodes only). `checkpoint` is the graph's saved position as JSON (a crew's
 * own graph, completed nodes only), recorded by the runtime so that a resumed run
 * continues from it. `taskId` names the task the fixed graph's `execute_task` ran.
 */
export interface GraphNodeCompletedEvent extends Omit<GraphNodeCompleted, 'kind' | 'error'> {
  readonly kind: 'graph.node.completed';
  readonly crew: string;
  readonly taskId?: string;
  readonly error?: FailureInfo;
  readonly checkpoint?: string;
}

/**
 * The graph's circuit breaker tripped: `mechanism` and `node` say which limit and
 * where; `degraded` whether the graph's degraded node runs next, else the run stops.
 */
export interface GraphBreakerTrippedEvent {
  readonly kind: 'graph.breaker.tripped';
  readonly crew: string;
  readonly mechanism: CircuitBreakerMechanism;
  readonly node: string;
  readonly limit: number;
  readonly reached: number;
  readonly message: string;
  readonly degraded: boolean;
}

export type CrewEvent =
  | RunStartedEvent
  | TaskStartedEvent
  | TaskAssignedEvent
  | TaskCompletedEvent
  | TaskFailedEvent
  | RunCompletedEvent
  | RunFailedEvent
  | GraphNodeCompletedEvent
  | GraphBreakerTrippedEvent;

/**
 * Receives the run's events one at a time, in order, never two at once (also in the
 * parallel process). The run waits for a returned promise, so a checkpoint saved on
 * `task.completed` is written before dependants start. A listener that throws is
 * logged as a warning and the run goes on.
 */
export type CrewEventListener = (event: CrewEvent) => void | Promise<void>;
