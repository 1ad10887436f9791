/** The tasks this server is running now, by id: for 409 on duplicates and for draining on stop. */
export class RunningTasks {
  readonly #tasks = new Map<string, Promise<unknown>>();

  has(taskId: string): boolean {
    return this.#tasks.has(taskId);
  }

  get size(): number {
    return this.#tasks.size;
  }

  /** Claims the id synchronously; false when a task with this id is already running. */
  claim(taskId: string): boolean {
    if (this.#tasks.has(taskId)) return false;
    this.#tasks.set(taskId, Promise.resolve());
    return true;
  }

  track(taskId: string, work: Promise<unknown>): void {
    this.#tasks.set(taskId, work);
  }

  release(taskId: string): void {
    this.#tasks.delete(taskId);
  }

  /** Resolves when every task running now has settled, or after `milliseconds`; true when all settled. */
  async drain(milliseconds: number): Promise<boolean> {
    if (this.#tasks.size === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), milliseconds);
    });
    const settled = Promise.allSettled([...this.#tasks.values()]).then(() => true);
    try {
      return await Promise.race([settled, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
