import type { TaskStatus } from '../checkpoint/session-state.js';
import type { TokenUsage } from '../llm/token-usage.js';
import type { FailureInfo } from './crew-events.js';
import type { CrewRunError } from './crew-run-errors.js';

/** How a settled task ended: the task statuses of checkpoints, less `Pending`. */
export type TaskOutcomeStatus = Exclude<TaskStatus, 'Pending'>;

/** How one task ended. */
export interface TaskOutcome {
  readonly id: string;
  /** The agent that worked on it; absent when the task was skipped before one was chosen. */
  readonly agent?: string;
  readonly status: TaskOutcomeStatus;
  /** The answer (completed), or the rejected answer marked `[NEEDS REVISION]` (hierarchical). */
  readonly output?: string;
  readonly error?: FailureInfo;
  /** Why it was skipped. */
  readonly reason?: string;
  readonly durationMs: number;
  /** Taken from `completedOutputs`, not run again. */
  readonly reusedFromCheckpoint?: true;
  /** Tokens spent on it, the manager's included (hierarchical). */
  readonly usage?: TokenUsage;
}

/** A value of the result's metadata bag. */
export type CrewResultMetadataValue = string | number | boolean;

export interface CrewResult {
  /** True when every task completed. */
  readonly success: boolean;
  /** The final task's output; on failure, the last output any task produced (or ''). */
  readonly output: string;
  /** Every task, in the order the process settled them. */
  readonly tasks: readonly TaskOutcome[];
  /** Names every failed and skipped task. */
  readonly error?: CrewRunError;
  readonly usage: TokenUsage;
  /** The signal stopped the run. */
  readonly interrupted?: true;
  readonly durationMs: number;
  /**
   * Facts of the process, when it has any: the autonomous process's `process_type`,
   * `agent_count` and `budget_*` keys, the consensual process's `consensus.<task id>`.
   */
  readonly metadata?: Readonly<Record<string, CrewResultMetadataValue>>;
}
