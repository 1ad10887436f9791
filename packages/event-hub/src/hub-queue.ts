import Denque from 'denque';

/** A waiter's deadline: `undefined` waits until an item comes, the queue closes or the signal fires. */
export interface TakeOptions {
  readonly deadline?: number;
  readonly signal?: AbortSignal;
}

interface Waiter<T> {
  readonly resolve: (item: T | undefined) => void;
  readonly reject?: (error: unknown) => void;
}

/**
 * A FIFO queue whose readers wait for the next item: one per mailbox, per subscription and
 * per pending request. Items go to the oldest waiter first, so order is kept per queue.
 */
export class HubQueue<T> {
  // A ring buffer, not an array's `shift()`: shifting an array of more than about 16,000 items
  // copies all of them, so a long backlog would be read in quadratic time.
  readonly #items = new Denque<T>();
  readonly #waiters: Waiter<T>[] = [];
  #closed = false;
  #failure: { readonly error: unknown } | undefined;

  get closed(): boolean {
    return this.#closed;
  }

  /** The items waiting for a reader. */
  get size(): number {
    return this.#items.length;
  }

  push(item: T): void {
    if (this.#closed) return;
    const waiter = this.#waiters.shift();
    if (waiter === undefined) this.#items.push(item);
    else waiter.resolve(item);
  }

  /** The oldest item; `undefined` when the deadline passes or the queue is closed. Rejects with the signal's reason. */
  take(options: TakeOptions = {}): Promise<T | undefined> {
    const { signal, deadline } = options;
    if (signal?.aborted === true) return Promise.reject(signal.reason);
    if (this.#items.length > 0) return Promise.resolve(this.#items.shift());
    if (this.#failure !== undefined) return Promise.reject(this.#failure.error);
    if (this.#closed || (deadline !== undefined && deadline <= Date.now())) return Promise.resolve(undefined);
    // A wait with nothing to cancel it (a subscription's next message) needs no timer and no listener.
    if (signal === undefined && deadline === undefined)
      return new Promise<T | undefined>((resolve, reject) => {
        this.#waiters.push({ resolve, reject });
      });
    return new Promise<T | undefined>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = () => {
        if (timer !== undefined) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const index = this.#waiters.indexOf(waiter);
        if (index >= 0) this.#waiters.splice(index, 1);
      };
      const waiter: Waiter<T> = {
        resolve: (item) => {
          finish();
          resolve(item);
        },
        reject: (error) => {
          finish();
          reject(error);
        },
      };
      const onAbort = () => {
        finish();
        reject(signal?.reason);
      };
      this.#waiters.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (deadline !== undefined) timer = setTimeout(() => waiter.resolve(undefined), deadline - Date.now());
    });
  }

  /** The oldest item, taken now; the queue must hold one (`size > 0`). */
  takeNow(): T {
    if (this.#items.length === 0) throw new RangeError('HubQueue.takeNow: the queue is empty.');
    return this.#items.shift() as T;
  }

  /**
   * Ends the queue with an error: later pushes are ignored, and once its readers have taken the
   * items already in it, they get the error.
   */
  fail(error: unknown): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#failure = { error };
    for (const waiter of this.#waiters.splice(0))
      if (waiter.reject === undefined) waiter.resolve(undefined);
      else waiter.reject(error);
  }

  /** Ends the queue: waiting readers get `undefined`, later pushes are ignored. */
  close(): void {
    this.#closed = true;
    this.#items.clear();
    for (const waiter of [...this.#waiters]) waiter.resolve(undefined);
  }
}
