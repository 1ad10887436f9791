import { type DocumentStore, DocumentVersionConflictError, serviceToken, updateDocument } from '@orkeon/core';
import { PerKeyQueue } from '../../persistence/per-key-queue.js';
import type { V1Task } from '../wire/task.js';
import { isTerminalV1State } from '../wire/task-state.js';

/** The collection of v1.0 task records in the document store. */
export const v1TaskCollection = 'a2a-v1-tasks';

/**
 * Which server process runs a task, and until when that holds unless renewed. A task
 * whose process died keeps its lease until it runs out (see `task-lease.ts`).
 */
export interface V1TaskLease {
  /** The server process (`<host>/<pid>/<random>`, one per start) that runs the task. */
  readonly holder: string;
  /** ISO 8601 UTC. */
  readonly until: string;
}

/**
 * A v1.0 task as stored: the task as the protocol shows it, the skill that runs it and
 * when it was made. One document per task, keyed by its (server-generated) id.
 */
export interface V1TaskRecord {
  readonly task: V1Task;
  readonly skillId: string;
  /** ISO 8601 UTC. */
  readonly createdAt: string;
  /**
   * Who made the task (the caller's identity): only they see it. Absent in records of
   * releases before owners were kept, which read as `anonymous`.
   */
  readonly owner?: string;
  /** The `tenant` the task was made in; absent or empty for none. */
  readonly tenant?: string;
  /**
   * The process running the task, while it has not ended. Absent in ended tasks and in
   * records of releases before leases were kept (a working one of those is an orphan).
   */
  readonly lease?: V1TaskLease;
}

/**
 * Where the v1.0 operations keep their task records. Records are values: a change
 * makes a new record, never edits the one read.
 *
 * @experimental SVCEXP001
 */
export interface V1TaskRecords {
  get(taskId: string): Promise<V1TaskRecord | undefined>;
  /** Every record; `ListTasks` filters and orders them. */
  all(): Promise<V1TaskRecord[]>;
  /** Writes the record of a task just made (its id is new: nothing is read first). */
  create(record: V1TaskRecord): Promise<void>;
  /** Reads, changes and writes one record; `change` returning `undefined` writes nothing. Resolves with the record now held. */
  update(
    taskId: string,
    change: (current: V1TaskRecord | undefined) => V1TaskRecord | undefined,
  ): Promise<V1TaskRecord | undefined>;
}

/**
 * Task records in a `DocumentStore` (SQLite or PostgreSQL with task persistence, so they
 * survive a restart). Changes to one task are applied one after another in this process
 * and written with a compare-and-set, so two processes sharing the store never lose a change.
 *
 * @experimental SVCEXP001
 */
export class V1TaskStore implements V1TaskRecords {
  readonly #store: DocumentStore;
  readonly #queue = new PerKeyQueue();

  constructor(store: DocumentStore) {
    this.#store = store;
  }

  async get(taskId: string): Promise<V1TaskRecord | undefined> {
    return (await this.#store.get<V1TaskRecord>(v1TaskCollection, taskId))?.value;
  }

  async all(): Promise<V1TaskRecord[]> {
    return (await this.#store.list<V1TaskRecord>(v1TaskCollection)).map((document) => document.value);
  }

  async create(record: V1TaskRecord): Promise<void> {
    try {
      await this.#store.put(v1TaskCollection, record.task.id, record, { expectedVersion: 0 });
    } catch (error) {
      if (!DocumentVersionConflictError.isInstance(error)) throw error;
      throw new Error(`A v1.0 task record '${record.task.id}' exists already: task ids must be new.`, { cause: error });
    }
  }

  update(
    taskId: string,
    change: (current: V1TaskRecord | undefined) => V1TaskRecord | undefined,
  ): Promise<V1TaskRecord | undefined> {
    return this.#queue.run(
      taskId,
      async () => (await updateDocument<V1TaskRecord>(this.#store, v1TaskCollection, taskId, change))?.value,
    );
  }
}

/**
 * Task records in this process's memory, for a server without task persistence: kept as
 * the objects they are (records are values), so a change costs no copy and no JSON.
 *
 * @experimental SVCEXP001
 */
export class InMemoryV1TaskRecords implements V1TaskRecords {
  /** In the order the tasks were made: the oldest first, for forgetting. */
  readonly #records = new Map<string, V1TaskRecord>();
  readonly #maxTasks: number;
  /**
   * Task ids, oldest first from `#head`, for forgetting: a queue rather than the map's own
   * order, because walking a map from its start passes every entry deleted there before.
   */
  readonly #queue: string[] = [];
  #head = 0;

  /**
   * `maxTasks` (default 10,000; `A2A:MaxTasksInMemory`): past it, the oldest ended tasks are
   * forgotten, so a server that runs for months holds a bounded memory. Tasks still working
   * or waiting for input are kept, even past it.
   */
  constructor(options: { readonly maxTasks?: number } = {}) {
    this.#maxTasks = options.maxTasks ?? defaultMaxTasksInMemory;
  }

  async get(taskId: string): Promise<V1TaskRecord | undefined> {
    return this.#records.get(taskId);
  }

  async all(): Promise<V1TaskRecord[]> {
    return [...this.#records.values()];
  }

  async create(record: V1TaskRecord): Promise<void> {
    if (this.#records.has(record.task.id))
      throw new Error(`A v1.0 task record '${record.task.id}' exists already: task ids must be new.`);
    this.#records.set(record.task.id, record);
    this.#queue.push(record.task.id);
    if (this.#records.size > this.#maxTasks) this.#forgetOldestEnded(record.task.id);
  }

  async update(
    taskId: string,
    change: (current: V1TaskRecord | undefined) => V1TaskRecord | undefined,
  ): Promise<V1TaskRecord | undefined> {
    const current = this.#records.get(taskId);
    const next = change(current);
    if (next === undefined) return current;
    this.#records.set(taskId, next);
    if (current !== undefined) return next;
    this.#queue.push(taskId);
    if (this.#records.size > this.#maxTasks) this.#forgetOldestEnded(taskId);
    return next;
  }

  /** Forgets ended tasks, oldest first, until no more than the limit are held (working ones and `justMade` stay). */
  #forgetOldestEnded(justMade: string): void {
    // Each id in the queue is looked at once: a task still working goes to the back, to be looked at again later.
    for (let waiting = this.#queue.length - this.#head; waiting > 0 && this.#records.size > this.#maxTasks; waiting--) {
      const taskId = this.#queue[this.#head++] as string;
      const record = this.#records.get(taskId);
      if (record === undefined) continue;
      if (taskId !== justMade && isTerminalV1State(record.task.status.state)) this.#records.delete(taskId);
      else this.#queue.push(taskId);
    }
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue.splice(0, this.#head);
      this.#head = 0;
    }
  }
}

export const defaultMaxTasksInMemory = 10_000;

/** The v1.0 task records of a host with task persistence (`addSvcA2ATaskPersistence`). @experimental SVCEXP001 */
export const V1TaskStoreService = serviceToken<V1TaskRecords>('A2AV1TaskStore');
