import type { CrewBudgetUsage } from '../budget/crew-budget-meter.js';
import type { SessionState, TaskCheckpoint } from './session-state.js';
import type { StateStore } from './state-store.js';

export interface ResumeOptions {
  /** Run `Failed` tasks again while they have retries left. Default true. */
  readonly retryFailed?: boolean;
  /** A `Failed` task whose `retryCount` has reached this is not run again. Default 3. */
  readonly maxRetries?: number;
  /** Mark every `Failed` task `Skipped` (and save that) instead of running it again. Default false. */
  readonly skipFailed?: boolean;
}

/**
 * What the host needs to continue a run: which tasks to reuse and which to leave out.
 * Every task in neither list (`Pending`, retried `Failed`, or not yet started) runs.
 */
export interface ResumeResult {
  readonly sessionId: string;
  /** Completed tasks, in the order they completed. */
  readonly completedTaskIds: readonly string[];
  /** The outputs of the completed tasks, by task id, to hand to the tasks that follow. */
  readonly completedOutputs: Readonly<Record<string, string>>;
  /** Tasks not to run: `Skipped` ones, and `Failed` ones that are skipped or out of retries. */
  readonly skippedTaskIds: readonly string[];
  /**
   * What the earlier runs of the session used, for the crew budget to count on from;
   * absent when the checkpoint has none (written by release 0.1).
   */
  readonly usage?: CrewBudgetUsage;
}

export interface ResumeEngineOptions {
  /** The time written into resumed states; tests pass a fixed clock. */
  readonly now?: () => Date;
  /** @deprecated Use `now`. */
  readonly clock?: () => Date;
}

/** Continues a crew's latest checkpointed run. */
export class ResumeEngine {
  readonly #store: StateStore;
  readonly #clock: () => Date;

  constructor(store: StateStore, options: ResumeEngineOptions = {}) {
    this.#store = store;
    this.#clock = options.now ?? options.clock ?? (() => new Date());
  }

  /** True when the crew has a latest session and it is not `Completed`. */
  async canResume(crewId: string): Promise<boolean> {
    return isResumable(await this.#store.latestForCrew(crewId));
  }

  /**
   * Walks the latest session's task checkpoints and puts the session back in phase
   * `Running` (its error cleared, saved as a version labelled `resumed`). Returns
   * `undefined` when there is nothing to resume (no session, or it is `Completed`).
   */
  async resume(crewId: string, options: ResumeOptions = {}): Promise<ResumeResult | undefined> {
    const { retryFailed = true, maxRetries = 3, skipFailed = false } = options;
    const state = await this.#store.latestForCrew(crewId);
    if (state === undefined || !isResumable(state)) return undefined;

    const now = this.#clock().toISOString();
    const completedTaskIds: string[] = [];
    const completedOutputs: Record<string, string> = {};
    const skippedTaskIds: string[] = [];
    const taskCheckpoints: Record<string, TaskCheckpoint> = { ...state.taskCheckpoints };

    // Stores that keep JSON as jsonb do not keep key order, so the completion time gives the order.
    for (const task of Object.values(state.taskCheckpoints).sort(byTimestamp)) {
      switch (task.status) {
        case 'Completed':
          completedTaskIds.push(task.taskId);
          completedOutputs[task.taskId] = task.output ?? '';
          break;
        case 'Skipped':
          skippedTaskIds.push(task.taskId);
          break;
        case 'Failed':
          if (skipFailed) {
            taskCheckpoints[task.taskId] = { ...task, status: 'Skipped', timestamp: now };
            skippedTaskIds.push(task.taskId);
          } else if (!(retryFailed && task.retryCount < maxRetries)) {
            skippedTaskIds.push(task.taskId);
          }
          break;
        case 'Pending':
          break;
      }
    }

    const { errorMessage: _cleared, ...rest } = state;
    const resumed: SessionState = { ...rest, phase: 'Running', taskCheckpoints, updatedAt: now };
    await this.#store.saveVersioned(resumed, { label: 'resumed' });
    return {
      sessionId: state.sessionId,
      completedTaskIds,
      completedOutputs,
      skippedTaskIds,
      ...(state.usage === undefined ? {} : { usage: state.usage }),
    };
  }
}

function isResumable(state: SessionState | undefined): state is SessionState {
  return state !== undefined && state.phase !== 'Completed';
}

function byTimestamp(left: TaskCheckpoint, right: TaskCheckpoint): number {
  const byTime = Date.parse(left.timestamp) - Date.parse(right.timestamp);
  return byTime !== 0 ? byTime : left.taskId < right.taskId ? -1 : left.taskId > right.taskId ? 1 : 0;
}
