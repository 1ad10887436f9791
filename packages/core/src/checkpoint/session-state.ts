import type { CrewBudgetUsage } from '../budget/crew-budget-meter.js';

/** Where a checkpointed crew run stands. */
export const sessionPhases = ['Pending', 'Running', 'Completed', 'Failed', 'Suspended'] as const;
export type SessionPhase = (typeof sessionPhases)[number];

/** Where one task of a checkpointed run stands. */
export const taskStatuses = ['Pending', 'Completed', 'Failed', 'Skipped'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

/** The recorded outcome of one task. Times are ISO 8601 strings. */
export interface TaskCheckpoint {
  readonly taskId: string;
  readonly status: TaskStatus;
  readonly output?: string;
  /** When the task's last outcome was recorded. */
  readonly timestamp: string;
  /** When the task started, in the run that recorded this outcome; absent in checkpoints of earlier releases. */
  readonly startedAt?: string;
  /** How many times the task has failed so far. */
  readonly retryCount: number;
  readonly errorMessage?: string;
}

/** The current state of one checkpointed run (a "session"). Times are ISO 8601 strings. */
export interface SessionState {
  readonly sessionId: string;
  readonly crewId: string;
  readonly phase: SessionPhase;
  /** How many tasks have completed, in the order they completed. */
  readonly completedTaskIndex: number;
  readonly taskCheckpoints: Readonly<Record<string, TaskCheckpoint>>;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly errorMessage?: string;
  /**
   * What the run has used so far, over all its resumes (wall time counts only time spent
   * running), so a crew budget bounds the whole run. Absent in checkpoints written by
   * release 0.1, which a resume counts from zero.
   */
  readonly usage?: CrewBudgetUsage;
}

/** One line of `StateStore.list()`. */
export interface SessionSummary {
  readonly sessionId: string;
  readonly crewId: string;
  readonly phase: SessionPhase;
  /** Task checkpoints whose status is `Completed`. */
  readonly completedTaskCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** An immutable snapshot of a session, appended by `StateStore.saveVersioned`. */
export interface VersionedState {
  /** A UUID. */
  readonly versionId: string;
  readonly sessionId: string;
  /** 1 for the first snapshot of the session, then 2, 3, … */
  readonly version: number;
  readonly state: SessionState;
  /** The step that produced the snapshot, e.g. the id of the task that just completed. */
  readonly stepId?: string;
  readonly label?: string;
  readonly createdAt: string;
}

export function summarizeSession(state: SessionState): SessionSummary {
  return {
    sessionId: state.sessionId,
    crewId: state.crewId,
    phase: state.phase,
    completedTaskCount: Object.values(state.taskCheckpoints).filter((task) => task.status === 'Completed').length,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}
