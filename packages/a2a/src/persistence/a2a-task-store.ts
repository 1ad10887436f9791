import { serviceToken } from '@orkeon/core';
import type { A2ATaskRecord } from '../wire/task-record.js';

/**
 * Where task records live when task persistence is on (`addSvcA2ATaskPersistence`).
 *
 * @experimental SVCEXP001
 */
export interface A2ATaskStore {
  get(taskId: string): Promise<A2ATaskRecord | undefined>;
  /**
   * Reads the record, gives it to `change` and saves what `change` returns; `undefined`
   * leaves the store as it was. Changes to one task id are applied one after another.
   * Resolves with the record now stored.
   */
  update(
    taskId: string,
    change: (current: A2ATaskRecord | undefined) => A2ATaskRecord | undefined,
  ): Promise<A2ATaskRecord | undefined>;
  /**
   * Saves the record as it is, without reading what is stored: for a task whose id no one
   * else knows yet, so nothing can have changed it. Stores without it are written through `update`.
   */
  save?(record: A2ATaskRecord): Promise<A2ATaskRecord>;
  /** Every record, for an operator's view (Studio's A2A view). Stores without it are not listed. */
  list?(): Promise<A2ATaskRecord[]>;
}

/** @experimental SVCEXP001 */
export const A2ATaskStoreService = serviceToken<A2ATaskStore>('A2ATaskStore');
