import Denque from 'denque';

/**
 * Events pushed by a run, pulled by a `for await` loop: nothing is dropped, and the
 * loop ends when the run ends (or throws the run's error).
 */
export class EventChannel<T> implements AsyncIterable<T> {
  // A ring buffer: an array's `shift()` copies every item left once more than about 16,000 wait,
  // so a reader far behind a fast run would catch up in quadratic time.
  readonly #queue = new Denque<T>();
  #waiting: (() => void) | undefined;
  #ended = false;
  #failure: { error: unknown } | undefined;

  push(item: T): void {
    if (this.#ended) return;
    this.#queue.push(item);
    this.#wake();
  }

  end(failure?: { error: unknown }): void {
    this.#ended = true;
    this.#failure = failure;
    this.#wake();
  }

  #wake(): void {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    while (true) {
      const next = this.#queue.shift();
      if (next !== undefined) {
        yield next;
        continue;
      }
      if (this.#ended) {
        if (this.#failure !== undefined) throw this.#failure.error;
        return;
      }
      await new Promise<void>((resolve) => {
        this.#waiting = resolve;
      });
    }
  }
}
