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
}

/** @experimental SVCEXP001 */
export const A2ATaskStoreService = serviceToken<A2ATaskStore>('A2ATaskStore');
