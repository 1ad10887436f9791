/** The life of one crew execution. `Archived` is final: an archived state is read-only. */
export const crewExecutionStatuses = ['Created', 'Running', 'Completed', 'Failed', 'Archived'] as const;
export type CrewExecutionStatus = (typeof crewExecutionStatuses)[number];

/**
 * The state of one crew execution, kept by `CrewExecutionStateManager`. Times are
 * ISO 8601 strings. Metadata values are invariant strings (see `toInvariantString`).
 * `toolsUsed` lives in memory only: after a reload from the store it is empty.
 */
export interface CrewExecutionState {
  readonly executionId: string;
  readonly crewId: string;
  readonly status: CrewExecutionStatus;
  readonly input: string;
  readonly currentTaskId?: string;
  readonly output?: string;
  readonly error?: string;
  readonly metadata: Readonly<Record<string, string>>;
  readonly toolsUsed: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** A metadata value as given; it is stored as an invariant string. */
export type ExecutionMetadataValue = string | number | bigint | boolean | Date;

/** What `updateState` changes; absent fields stay as they are. */
export interface CrewExecutionStateChanges {
  /** `Archived` is set by `archiveState` only. */
  readonly status?: Exclude<CrewExecutionStatus, 'Archived'>;
  readonly currentTaskId?: string;
  readonly output?: string;
  readonly error?: string;
  /** Merged key by key into the metadata, each value turned into an invariant string. */
  readonly metadata?: Readonly<Record<string, ExecutionMetadataValue>>;
  /** Tool names added to `toolsUsed` (each name kept once). */
  readonly toolsUsed?: readonly string[];
}

/** How an execution ended: with an `error` it is `Failed`, otherwise `Completed`. */
export interface CrewExecutionOutcome {
  readonly output?: string;
  readonly error?: string;
}
