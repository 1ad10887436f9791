/** What a running task is, besides its id. */
export interface RunningTaskDetails {
  /** `seed`: `/a2a/tasks/send`; `v1`: A2A v1.0. */
  readonly dialect: 'seed' | 'v1';
  readonly skillId: string;
}

interface RunningTask {
  readonly controller: AbortController;
  readonly deadline: number;
  /** Which protocol took it, the skill asked for, and when (ISO 8601): for an operator's view. */
  readonly about: RunningTaskDetails;
  readonly startedAt: string;
  /** Set by `track` once the work has started. */
  work: Promise<unknown> | undefined;
}

/**
 * The tasks this server is running now, by id: for 409 on duplicates, the time-out of
 * each task, and draining on stop. Every task has the same time-out, so insertion order
 * is deadline order and one timer serves them all (armed for the oldest task), instead
 * of a timer per task.
 */
export class RunningTasks {
  readonly #tasks = new Map<string, RunningTask>();
  readonly #timeoutMilliseconds: number;
  readonly #timeoutReason: () => Error;
  #timer: NodeJS.Timeout | undefined;

  /** `timeoutReason` makes the abort reason of a task that ran out of time. */
  constructor(timeoutMilliseconds: number, timeoutReason: () => Error) {
    this.#timeoutMilliseconds = timeoutMilliseconds;
    this.#timeoutReason = timeoutReason;
  }

  get size(): number {
    return this.#tasks.size;
  }

  /**
   * Claims the id synchronously and starts the task's clock: the signal aborts when
   * the task runs out of time or every task is aborted. `undefined` when a task with
   * this id is already running.
   */
  claim(taskId: string, about: RunningTaskDetails): AbortSignal | undefined {
    if (this.#tasks.has(taskId)) return undefined;
    const controller = new AbortController();
    const now = Date.now();
    const deadline = now + this.#timeoutMilliseconds;
    this.#tasks.set(taskId, { controller, deadline, about, startedAt: new Date(now).toISOString(), work: undefined });
    if (this.#timer === undefined) this.#arm(this.#timeoutMilliseconds);
    return controller.signal;
  }

  track(taskId: string, work: Promise<unknown>): void {
    const task = this.#tasks.get(taskId);
    if (task !== undefined) task.work = work;
  }

  /** The tasks running now: id, dialect, skill and when each was taken. */
  list(): ({ taskId: string; startedAt: string } & RunningTaskDetails)[] {
    return [...this.#tasks].map(([taskId, task]) => ({ taskId, ...task.about, startedAt: task.startedAt }));
  }

  /** Whether a task with this id runs in this process now. */
  has(taskId: string): boolean {
    return this.#tasks.has(taskId);
  }

  /** Aborts one running task's signal with `reason`; nothing when it is not running. */
  abort(taskId: string, reason: Error): void {
    this.#tasks.get(taskId)?.controller.abort(reason);
  }

  release(taskId: string): void {
    this.#tasks.delete(taskId);
  }

  /** Aborts every running task with `reason` (their work is told through the signal). */
  abortAll(reason: Error): void {
    for (const task of this.#tasks.values()) task.controller.abort(reason);
  }

  /** Resolves when every task running now has settled, or after `milliseconds`; true when all settled. */
  async drain(milliseconds: number): Promise<boolean> {
    if (this.#tasks.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), milliseconds);
    });
    const settled = Promise.allSettled([...this.#tasks.values()].map((task) => task.work)).then(() => true);
    try {
      return await Promise.race([settled, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  #arm(milliseconds: number): void {
    // Unreferenced: running tasks keep the process alive through their sockets, not this timer.
    this.#timer = setTimeout(() => this.#expire(), milliseconds).unref();
  }

  #expire(): void {
    this.#timer = undefined;
    const now = Date.now();
    for (const task of this.#tasks.values()) {
      if (task.deadline > now) {
        this.#arm(task.deadline - now);
        return;
      }
      if (!task.controller.signal.aborted) task.controller.abort(this.#timeoutReason());
    }
  }
}
