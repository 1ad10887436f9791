import { type DocumentStore, serviceToken } from '@orkeon/core';
import { z } from 'zod';
import type { V1StreamResponse } from '../wire/task.js';
import { UnreadablePushRecordError } from './push-errors.js';

/** The collection of pending webhook deliveries in the document store. */
export const v1PushDeliveryCollection = 'a2a-v1-push-deliveries';

/** One event still owed to one config. */
export interface V1PushDelivery {
  readonly taskId: string;
  readonly configId: string;
  /** The body: the event as a stream would carry it. */
  readonly event: V1StreamResponse;
  /** Attempts made so far, kept across a restart so a receiver that never answers is not retried forever. */
  readonly attempts: number;
  /** ISO 8601 UTC. */
  readonly createdAt: string;
}

const deliverySchema = z.object({
  taskId: z.string().min(1),
  configId: z.string().min(1),
  event: z.record(z.string(), z.unknown()),
  attempts: z.int().min(0),
  createdAt: z.string(),
});

/**
 * The pending deliveries: each is written before its first attempt and removed after it
 * succeeded or was given up, so a server that stops (or dies) in between resumes it on
 * its next start. Keys sort in the order the events happened (`pushDeliveryKey`).
 *
 * @experimental SVCEXP001
 */
export class V1PushDeliveryStore {
  readonly #store: DocumentStore;

  constructor(store: DocumentStore) {
    this.#store = store;
  }

  async put(key: string, delivery: V1PushDelivery): Promise<void> {
    await this.#store.put(v1PushDeliveryCollection, key, { ...delivery });
  }

  async remove(key: string): Promise<void> {
    await this.#store.delete(v1PushDeliveryCollection, key);
  }

  /** Every pending delivery, oldest first; one that cannot be read is given as an error in its place. */
  async all(): Promise<{ readonly key: string; readonly delivery: V1PushDelivery | UnreadablePushRecordError }[]> {
    const documents = await this.#store.list(v1PushDeliveryCollection);
    return documents.map((document) => {
      const parsed = deliverySchema.safeParse(document.value);
      return {
        key: document.key,
        delivery: parsed.success
          ? (parsed.data as unknown as V1PushDelivery)
          : new UnreadablePushRecordError(
              v1PushDeliveryCollection,
              document.key,
              parsed.error.issues[0]?.message ?? 'invalid',
            ),
      };
    });
  }
}

/**
 * A key that sorts after every key this process made before: the time, zero-padded, then
 * a counter, then `unique` (two processes sharing a store never collide).
 */
export function pushDeliveryKey(time: number, counter: number, unique: string): string {
  return `${String(Math.max(0, Math.trunc(time))).padStart(15, '0')}-${String(counter).padStart(10, '0')}-${unique}`;
}

/** The pending webhook deliveries of a host with task persistence (`addSvcA2ATaskPersistence`). @experimental SVCEXP001 */
export const V1PushDeliveryStoreService = serviceToken<V1PushDeliveryStore>('A2AV1PushDeliveryStore');
