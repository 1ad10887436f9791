import Denque from 'denque';
import type { V1StreamResponse } from '../wire/task.js';

type Listener = (event: V1StreamResponse) => void;

/**
 * The events of the tasks running in this process, by task id, to every stream that
 * follows one (the stream that started it, and each `SubscribeToTask`): all get the same
 * events in the same order, and one that goes away leaves the others alone.
 */
export class TaskEvents {
  readonly #listeners = new Map<string, Set<Listener>>();
  readonly #everyTask = new Set<(taskId: string, event: V1StreamResponse) => void>();

  /** Hears every event of every task (push notifications, say); call the result to stop. */
  listenToAll(listener: (taskId: string, event: V1StreamResponse) => void): () => void {
    this.#everyTask.add(listener);
    return () => this.#everyTask.delete(listener);
  }

  /** Whether a stream follows the task now. */
  isFollowed(taskId: string): boolean {
    return this.#listeners.has(taskId);
  }

  /** Starts delivering the task's events to `listener`; call the result to stop. */
  listen(taskId: string, listener: Listener): () => void {
    let listeners = this.#listeners.get(taskId);
    if (listeners === undefined) {
      listeners = new Set();
      this.#listeners.set(taskId, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.#listeners.get(taskId) === listeners) this.#listeners.delete(taskId);
    };
  }

  /**
   * Delivers `event` to the task's followers and, unless `followersOnly`, to every
   * `listenToAll` listener (a task no one else can know of yet has no webhooks to tell).
   */
  publish(taskId: string, event: V1StreamResponse, options?: { readonly followersOnly?: boolean }): void {
    for (const listener of this.#listeners.get(taskId) ?? []) listener(event);
    if (options?.followersOnly === true) return;
    for (const listener of this.#everyTask) listener(taskId, event);
  }
}

/**
 * The events of one task as an async iterable, from the moment this is called: buffered
 * until read, ended after the event `isLast` says is the last, or by `close`.
 */
export function followTask(
  events: TaskEvents,
  taskId: string,
  isLast: (event: V1StreamResponse) => boolean,
): { readonly events: AsyncIterable<V1StreamResponse>; close(): void } {
  // A ring buffer: an array's `shift()` copies every event left once more than about 16,000 wait for a slow reader.
  const buffered = new Denque<V1StreamResponse>();
  let ended = false;
  let wake: (() => void) | undefined;
  const stop = events.listen(taskId, (event) => {
    if (ended) return;
    buffered.push(event);
    if (isLast(event)) end();
    wake?.();
  });
  function end(): void {
    ended = true;
    stop();
    wake?.();
  }
  async function* read(): AsyncGenerator<V1StreamResponse> {
    try {
      for (;;) {
        const next = buffered.shift();
        if (next !== undefined) {
          yield next;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    } finally {
      end();
    }
  }
  return { events: read(), close: end };
}

/**
 * The moment a task stops (the event `isLast` says is the last, from now on), for a caller
 * that waits without reading the events; `cancel` ends the wait with `undefined`.
 */
export function stopOf(
  events: TaskEvents,
  taskId: string,
  isLast: (event: V1StreamResponse) => boolean,
): { readonly stopped: Promise<V1StreamResponse | undefined>; cancel(): void } {
  let settle: (event: V1StreamResponse | undefined) => void = () => {};
  const stopped = new Promise<V1StreamResponse | undefined>((resolve) => {
    settle = resolve;
  });
  const stop = events.listen(taskId, (event) => {
    if (!isLast(event)) return;
    stop();
    settle(event);
  });
  return {
    stopped,
    cancel: () => {
      stop();
      settle(undefined);
    },
  };
}
