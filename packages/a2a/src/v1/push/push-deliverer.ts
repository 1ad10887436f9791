import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@orkeon/core';
import { isoTimestamp } from '../../wire/iso-timestamp.js';
import type { V1StreamResponse } from '../wire/task.js';
import type { V1PushConfigStore } from './push-config-store.js';
import { pushDeliveryKey, type V1PushDelivery, type V1PushDeliveryStore } from './push-delivery-store.js';
import { UnreadablePushRecordError } from './push-errors.js';
import type { WebhookSender } from './webhook-sender.js';

/** The stores push notifications use: the host's (task persistence on) or the server's own in memory. */
export interface PushStores {
  readonly configs: V1PushConfigStore;
  readonly deliveries: V1PushDeliveryStore;
}

/** How often and how soon a failed delivery is tried again. */
export interface PushRetryPolicy {
  /** Attempts in all, the first included. */
  readonly maxAttempts: number;
  /** The wait after the first failed attempt; it doubles after each further one. */
  readonly baseDelayMilliseconds: number;
  /** The longest wait, `Retry-After` included. */
  readonly maxDelayMilliseconds: number;
}

export interface PushDelivererParts {
  readonly logger: Logger;
  readonly sender: Pick<WebhookSender, 'send'>;
  readonly retry: PushRetryPolicy;
  readonly now: () => number;
  readonly newId: () => string;
  withStores<T>(work: (stores: PushStores) => Promise<T>): Promise<T>;
}

/**
 * Delivers every event of a task to each config the task has when the event happens, at
 * least once. Each delivery is written to the store before its first attempt and removed
 * once it succeeded or was given up; `resume` queues those an earlier run left. Events
 * reach one config in the order they happened: one queue per config, and a retried event
 * holds back the later ones. Configs do not wait for each other.
 */
export class PushDeliverer {
  readonly #parts: PushDelivererParts;
  readonly #stop = new AbortController();
  readonly #queues = new Map<string, Promise<void>>();
  /** New events wait for the resumed deliveries to be queued, so these go first. */
  #resumed: Promise<void> = Promise.resolve();
  #lastTime = 0;
  #counter = 0;

  constructor(parts: PushDelivererParts) {
    this.#parts = parts;
  }

  /** Queues the deliveries an earlier run left pending, ahead of any new event. */
  resume(): void {
    this.#resumed = this.#resume().catch((error: unknown) =>
      this.#parts.logger.error({ err: error }, 'Pending push notifications could not be read; they stay stored.'),
    );
  }

  /** An event of a task, owed to the task's configs. */
  notify(taskId: string, event: V1StreamResponse): void {
    this.#enqueue(`task:${taskId}`, async () => {
      await this.#resumed;
      const configs = await this.#parts.withStores((stores) => stores.configs.list(taskId));
      for (const config of configs) {
        const key = this.#nextKey();
        const delivery: V1PushDelivery = {
          taskId,
          configId: config.id,
          event,
          attempts: 0,
          createdAt: isoTimestamp(this.#parts.now()),
        };
        await this.#parts.withStores((stores) => stores.deliveries.put(key, delivery));
        this.#queue(key, delivery);
      }
    });
  }

  /** Stops: attempts under way are abandoned and stay stored, to be resumed on the next start. */
  async close(): Promise<void> {
    this.#stop.abort();
    await Promise.all([...this.#queues.values()]);
  }

  async #resume(): Promise<void> {
    const pending = await this.#parts.withStores((stores) => stores.deliveries.all());
    for (const { key, delivery } of pending) {
      if (delivery instanceof UnreadablePushRecordError)
        this.#parts.logger.warn({ err: delivery }, 'A pending push notification cannot be read; it is skipped.');
      else this.#queue(key, delivery);
    }
    if (pending.length > 0)
      this.#parts.logger.info({ pending: pending.length }, 'Resuming pending push notifications.');
  }

  #queue(key: string, delivery: V1PushDelivery): void {
    this.#enqueue(`config:${delivery.taskId}/${delivery.configId}`, () => this.#deliver(key, delivery));
  }

  async #deliver(key: string, delivery: V1PushDelivery): Promise<void> {
    // Removed once settled, even when the server began stopping meanwhile; kept when stopped first.
    if (await this.#settle(key, delivery)) await this.#parts.withStores((stores) => stores.deliveries.remove(key));
  }

  /** Attempts until delivered, given up or its config is gone (true), or until stopped (false). */
  async #settle(key: string, delivery: V1PushDelivery): Promise<boolean> {
    const { logger, retry, sender } = this.#parts;
    const { taskId, configId } = delivery;
    const signal = this.#stop.signal;
    let attempts = delivery.attempts;
    while (!signal.aborted) {
      const config = await this.#parts.withStores((stores) => stores.configs.get(taskId, configId));
      if (config === undefined) {
        logger.debug({ taskId, configId }, 'Push notification dropped: its config was deleted.');
        return true;
      }
      const outcome = await sender.send(config, delivery.event, signal);
      if (outcome.kind === 'stopped') return false;
      if (outcome.kind === 'delivered') return true;
      attempts += 1;
      const where = { taskId, configId, host: hostOf(config.url), attempts };
      if (outcome.kind === 'refused') {
        logger.warn(where, `Push notification not delivered, not retried: ${sentence(outcome.reason)}`);
        return true;
      }
      if (attempts >= retry.maxAttempts) {
        logger.warn(where, `Push notification given up after ${attempts} attempts: ${sentence(outcome.reason)}`);
        return true;
      }
      logger.debug(where, `Push notification attempt failed: ${sentence(outcome.reason)}`);
      await this.#parts.withStores((stores) => stores.deliveries.put(key, { ...delivery, attempts }));
      const wait = Math.min(
        retry.maxDelayMilliseconds,
        Math.max(retry.baseDelayMilliseconds * 2 ** (attempts - 1), outcome.retryAfterMilliseconds ?? 0),
      );
      await sleep(wait, undefined, { signal }).catch(() => undefined);
    }
    return false;
  }

  /** Runs `work` after the work queued before under `name`; a failure is logged and ends only that work. */
  #enqueue(name: string, work: () => Promise<void>): void {
    const previous = this.#queues.get(name) ?? Promise.resolve();
    const next = previous.then(work).catch((error: unknown) => {
      this.#parts.logger.error({ err: error }, 'A push notification failed unexpectedly; it stays stored if it was.');
    });
    this.#queues.set(name, next);
    void next.then(() => {
      if (this.#queues.get(name) === next) this.#queues.delete(name);
    });
  }

  /** Later than every key made before, even when the clock steps back. */
  #nextKey(): string {
    this.#lastTime = Math.max(this.#lastTime, this.#parts.now());
    this.#counter += 1;
    return pushDeliveryKey(this.#lastTime, this.#counter, this.#parts.newId());
  }
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : '(unreadable url)';
}
