import type { StateStore } from '@orkeon/core';
import type { A2ATaskRecord } from '../wire/task-record.js';
import { a2aTaskSessionId, fromTaskSession, toTaskSession } from './a2a-task-session.js';
import type { A2ATaskStore } from './a2a-task-store.js';

/**
 * Task records over the checkpoint `StateStore`: one session per task, id `a2a-task:<taskId>`.
 * Records survive a restart when the store does (SQLite, PostgreSQL). Updates of one task are
 * serialized within this process; across processes the last write wins.
 *
 * @experimental SVCEXP001
 */
export class StateStoreA2ATaskStore implements A2ATaskStore {
  readonly #store: StateStore;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(store: StateStore) {
    this.#store = store;
  }

  async get(taskId: string): Promise<A2ATaskRecord | undefined> {
    const session = await this.#store.get(a2aTaskSessionId(taskId));
    if (session === undefined) return undefined;
    const record = fromTaskSession(session);
    // A digest-keyed id could in theory collide with a literal id: never answer another task.
    return record.taskId === taskId ? record : undefined;
  }

  update(
    taskId: string,
    change: (current: A2ATaskRecord | undefined) => A2ATaskRecord | undefined,
  ): Promise<A2ATaskRecord | undefined> {
    const previous = this.#queues.get(taskId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const current = await this.get(taskId);
        const changed = change(current);
        if (changed === undefined) return current;
        await this.#store.save(toTaskSession(changed));
        return changed;
      });
    this.#queues.set(taskId, next);
    void next
      .finally(() => {
        if (this.#queues.get(taskId) === next) this.#queues.delete(taskId);
      })
      .catch(() => undefined);
    return next;
  }
}
