// What the History view shows of a recorded run; no imports, so that the page shares these types.

/** Where a recorded run was found: the state store's checkpoints, the document store's execution states. */
export type StudioPastRunSource = 'checkpoints' | 'execution-states';

/** One recorded run in the History view. */
export interface StudioPastRun {
  /** The checkpoint session id, which is also the execution id. */
  readonly id: string;
  readonly crewId: string;
  /** The checkpoint's phase (`Completed`, `Failed`, `Running`, `Suspended`, `Pending`), else the execution's status. */
  readonly status: string;
  readonly sources: readonly StudioPastRunSource[];
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Time spent running (over all its resumes); else from its first to its last record. */
  readonly durationSeconds: number;
  readonly tokens?: number;
  readonly costUsd?: number;
  readonly toolCalls?: number;
  readonly error?: string;
}

/** One task of a recorded run, in the order the tasks started. */
export interface StudioPastTask {
  readonly taskId: string;
  readonly status: string;
  readonly startedAt?: string;
  readonly endedAt: string;
  readonly retryCount: number;
  readonly output?: string;
  readonly error?: string;
}

export interface StudioPastRunDetail extends StudioPastRun {
  readonly input?: string;
  readonly output?: string;
  readonly tasks: readonly StudioPastTask[];
}
