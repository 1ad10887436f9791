import { type DocumentStore, updateDocument } from '@orkeon/core';
import { type A2ATaskRecord, a2aTaskRecordSchema } from '../wire/task-record.js';
import {
  type A2ATaskDocument,
  a2aTaskCollection,
  a2aTaskDocumentKey,
  fromTaskDocument,
  toTaskDocument,
} from './a2a-task-document.js';
import type { A2ATaskStore } from './a2a-task-store.js';
import { PerKeyQueue } from './per-key-queue.js';

/**
 * Task records in a `DocumentStore`: one document per task in the collection
 * `a2a-tasks`, keyed by task id. Records survive a restart when the store does (SQLite,
 * PostgreSQL). Updates of one task are serialized within this process, and written
 * with a compare-and-set, so two processes sharing the store never lose a change.
 *
 * @experimental SVCEXP001
 */
export class DocumentStoreA2ATaskStore implements A2ATaskStore {
  readonly #store: DocumentStore;
  readonly #queue = new PerKeyQueue();

  constructor(store: DocumentStore) {
    this.#store = store;
  }

  async get(taskId: string): Promise<A2ATaskRecord | undefined> {
    const key = a2aTaskDocumentKey(taskId);
    const stored = await this.#store.get<A2ATaskDocument>(a2aTaskCollection, key);
    return stored === undefined ? undefined : this.#read(taskId, key, stored.value);
  }

  update(
    taskId: string,
    change: (current: A2ATaskRecord | undefined) => A2ATaskRecord | undefined,
  ): Promise<A2ATaskRecord | undefined> {
    return this.#queue.run(taskId, async () => {
      const key = a2aTaskDocumentKey(taskId);
      let latest: A2ATaskRecord | undefined;
      const stored = await updateDocument<A2ATaskDocument>(this.#store, a2aTaskCollection, key, (value) => {
        latest = value === undefined ? undefined : this.#read(taskId, key, value);
        const changed = change(latest);
        return changed === undefined ? undefined : toTaskDocument(changed);
      });
      return stored === undefined ? undefined : this.#read(taskId, key, stored.value);
    });
  }

  save(record: A2ATaskRecord): Promise<A2ATaskRecord> {
    return this.#queue.run(record.taskId, async () => {
      await this.#store.put(a2aTaskCollection, a2aTaskDocumentKey(record.taskId), toTaskDocument(record));
      return record;
    });
  }

  /** Every readable record; one that cannot be read (written by hand, damaged) is left out of the list, not fatal to it. */
  async list(): Promise<A2ATaskRecord[]> {
    const stored = await this.#store.list<A2ATaskDocument>(a2aTaskCollection);
    return stored.flatMap((document) => {
      const parsed = a2aTaskRecordSchema.safeParse(document.value);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** A digest-keyed id could in theory collide with a literal id: never answer another task. */
  #read(taskId: string, key: string, value: unknown): A2ATaskRecord | undefined {
    const record = fromTaskDocument(key, value);
    return record.taskId === taskId ? record : undefined;
  }
}
