import { randomUUID } from 'node:crypto';
import type { CrewBudgetUsage } from '../budget/crew-budget-meter.js';
import type { Logger } from '../logging/logger.js';
import type { SessionState, TaskCheckpoint } from './session-state.js';
import type { StateStore } from './state-store.js';

export interface CheckpointManagerOptions {
  readonly logger: Logger;
  /** The time written into states; tests pass a fixed clock. */
  readonly now?: () => Date;
  /** @deprecated Use `now`. */
  readonly clock?: () => Date;
  /** The id of a new session. Default: a random UUID. */
  readonly newId?: () => string;
  /**
   * What the run has used so far (a `CrewBudgetMeter`'s `usage()`); when given, every
   * state the manager saves carries it, so a resume counts the crew budget on from there.
   */
  readonly usage?: () => CrewBudgetUsage;
}

/**
 * Records the progress of a crew run in a `StateStore`, one versioned snapshot per
 * step, so that `ResumeEngine` can pick the run up after a crash. Each step is saved
 * with `saveVersioned`; the task steps carry the task id as `stepId`.
 *
 * A step for a session the store does not know logs a warning and records nothing:
 * checkpointing must never be the reason a run fails.
 */
export class CheckpointManager {
  readonly #store: StateStore;
  readonly #logger: Logger;
  readonly #clock: () => Date;
  readonly #newId: () => string;
  readonly #usage: (() => CrewBudgetUsage) | undefined;

  constructor(store: StateStore, options: CheckpointManagerOptions) {
    this.#store = store;
    this.#logger = options.logger;
    this.#clock = options.now ?? options.clock ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
    this.#usage = options.usage;
  }

  /** A new session (a UUID unless `newId` says otherwise) for the crew, in phase `Running`, saved as version 1 with label `started`. */
  async startSession(crewId: string): Promise<SessionState> {
    const now = this.#now();
    const state: SessionState = {
      sessionId: this.#newId(),
      crewId,
      phase: 'Running',
      completedTaskIndex: 0,
      taskCheckpoints: {},
      createdAt: now,
      updatedAt: now,
      ...this.#usageNow(),
    };
    await this.#store.saveVersioned(state, { label: 'started' });
    return state;
  }

  /**
   * Marks the task `Completed` with its output and counts it in `completedTaskIndex`
   * (a task completed again is not counted twice).
   */
  async checkpoint(
    sessionId: string,
    taskId: string,
    output: string,
    options: TaskTiming = {},
  ): Promise<SessionState | undefined> {
    return this.#step(sessionId, 'checkpoint', { stepId: taskId }, (state, now) => {
      const previous = state.taskCheckpoints[taskId];
      const task: TaskCheckpoint = {
        taskId,
        status: 'Completed',
        output,
        timestamp: now,
        ...startedAt(options),
        retryCount: previous?.retryCount ?? 0,
      };
      return {
        ...state,
        completedTaskIndex: state.completedTaskIndex + (previous?.status === 'Completed' ? 0 : 1),
        taskCheckpoints: { ...state.taskCheckpoints, [taskId]: task },
        updatedAt: now,
      };
    });
  }

  /** Marks the task `Failed` (one more retry counted) and the session `Failed`, both with the error's message. */
  async markFailed(
    sessionId: string,
    taskId: string,
    error: unknown,
    options: TaskTiming = {},
  ): Promise<SessionState | undefined> {
    const errorMessage = messageOf(error);
    return this.#step(sessionId, 'markFailed', { stepId: taskId, label: 'failed' }, (state, now) => {
      const previous = state.taskCheckpoints[taskId];
      const task: TaskCheckpoint = {
        taskId,
        status: 'Failed',
        ...(previous?.output === undefined ? {} : { output: previous.output }),
        timestamp: now,
        ...startedAt(options),
        retryCount: (previous?.retryCount ?? 0) + 1,
        errorMessage,
      };
      return {
        ...state,
        phase: 'Failed',
        taskCheckpoints: { ...state.taskCheckpoints, [taskId]: task },
        updatedAt: now,
        errorMessage,
      };
    });
  }

  /** Marks the task `Skipped`; the reason is kept in the checkpoint's `errorMessage`. */
  async markSkipped(sessionId: string, taskId: string, reason: string): Promise<SessionState | undefined> {
    return this.#step(sessionId, 'markSkipped', { stepId: taskId, label: 'skipped' }, (state, now) => {
      const previous = state.taskCheckpoints[taskId];
      const task: TaskCheckpoint = {
        taskId,
        status: 'Skipped',
        timestamp: now,
        retryCount: previous?.retryCount ?? 0,
        errorMessage: reason,
      };
      return { ...state, taskCheckpoints: { ...state.taskCheckpoints, [taskId]: task }, updatedAt: now };
    });
  }

  /** Sets the session `Completed` and clears its error; a completed session cannot be resumed. */
  async completeSession(sessionId: string): Promise<SessionState | undefined> {
    return this.#step(sessionId, 'completeSession', { label: 'completed' }, (state, now) => {
      const { errorMessage: _cleared, ...rest } = state;
      return { ...rest, phase: 'Completed', updatedAt: now };
    });
  }

  /**
   * Saves the run's usage (from the `usage` option) with nothing else changed, as a
   * version with the given label: what a run that stops unfinished (a spent budget, an
   * interruption) does last, so its resume counts on from there.
   */
  async recordUsage(sessionId: string, label: string): Promise<SessionState | undefined> {
    return this.#step(sessionId, 'recordUsage', { label }, (state, now) => ({ ...state, updatedAt: now }));
  }

  async #step(
    sessionId: string,
    operation: string,
    version: { stepId?: string; label?: string },
    change: (state: SessionState, now: string) => SessionState,
  ): Promise<SessionState | undefined> {
    const state = await this.#store.get(sessionId);
    if (state === undefined) {
      this.#logger.warn(
        { sessionId, operation },
        `Checkpoint session '${sessionId}' is unknown; ${operation} recorded nothing.`,
      );
      return undefined;
    }
    const next = { ...change(state, this.#now()), ...this.#usageNow() };
    await this.#store.saveVersioned(next, version);
    return next;
  }

  #usageNow(): { usage?: CrewBudgetUsage } {
    return this.#usage === undefined ? {} : { usage: this.#usage() };
  }

  #now(): string {
    return this.#clock().toISOString();
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : String(error);
}

/** When the task being recorded started (ISO 8601), kept in its checkpoint for a timeline of the run. */
export interface TaskTiming {
  readonly startedAt?: string;
}

function startedAt(options: TaskTiming): { startedAt?: string } {
  return options.startedAt === undefined ? {} : { startedAt: options.startedAt };
}
