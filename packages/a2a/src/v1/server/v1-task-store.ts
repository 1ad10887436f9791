import { type DocumentStore, serviceToken, updateDocument } from '@orkeon/core';
import type { V1Task } from '../wire/task.js';

/** The collection of v1.0 task records in the document store. */
export const v1TaskCollection = 'a2a-v1-tasks';

/**
 * A v1.0 task as stored: the task as the protocol shows it, the skill that runs it and
 * when it was made. One document per task, keyed by its (server-generated) id.
 */
export interface V1TaskRecord {
  readonly task: V1Task;
  readonly skillId: string;
  /** ISO 8601 UTC. */
  readonly createdAt: string;
}

/**
 * Where v1.0 task records live: a `DocumentStore` (SQLite or PostgreSQL when task
 * persistence is on, so records survive a restart; in memory otherwise). Changes to one
 * task are applied one after another in this process and written with a compare-and-set,
 * so two processes sharing the store never lose a change.
 *
 * @experimental SVCEXP001
 */
export class V1TaskStore {
  readonly #store: DocumentStore;
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(store: DocumentStore) {
    this.#store = store;
  }

  async get(taskId: string): Promise<V1TaskRecord | undefined> {
    return (await this.#store.get<V1TaskRecord>(v1TaskCollection, taskId))?.value;
  }

  /** Every record; `ListTasks` filters and orders them (one read of the collection per page). */
  async all(): Promise<V1TaskRecord[]> {
    return (await this.#store.list<V1TaskRecord>(v1TaskCollection)).map((document) => document.value);
  }

  /** Reads, changes and writes one record; `change` returning `undefined` writes nothing. */
  update(
    taskId: string,
    change: (current: V1TaskRecord | undefined) => V1TaskRecord | undefined,
  ): Promise<V1TaskRecord | undefined> {
    const previous = this.#queues.get(taskId) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => (await updateDocument<V1TaskRecord>(this.#store, v1TaskCollection, taskId, change))?.value);
    this.#queues.set(taskId, next);
    void next
      .finally(() => {
        if (this.#queues.get(taskId) === next) this.#queues.delete(taskId);
      })
      .catch(() => undefined);
    return next;
  }
}

/** The v1.0 task records of a host with task persistence (`addSvcA2ATaskPersistence`). @experimental SVCEXP001 */
export const V1TaskStoreService = serviceToken<V1TaskStore>('A2AV1TaskStore');
