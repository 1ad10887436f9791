/**
 * Runs the work given for one key one after another (a failure does not stop the next),
 * while work for other keys goes on beside it: the in-process half of a task store's
 * update rule, whose compare-and-set covers other processes.
 */
export class PerKeyQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (this.#tails.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.#tails.set(key, next);
    void next
      .finally(() => {
        if (this.#tails.get(key) === next) this.#tails.delete(key);
      })
      .catch(() => undefined);
    return next;
  }
}
