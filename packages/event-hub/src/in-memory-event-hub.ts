import { randomUUID } from 'node:crypto';
import {
  type EventHub,
  type EventHubClient,
  EventHubError,
  type EventHubStage,
  type HubIdentity,
  type HubLastValue,
  type HubMessage,
  type HubPattern,
  type Logger,
} from '@orkeon/core';
import type { HubCore, PendingRequest, TopicSubscriber } from './hub-core.js';
import { HubQueue } from './hub-queue.js';
import { InMemoryEventHubClient } from './in-memory-event-hub-client.js';
import { StageChain } from './stage-chain.js';

export interface InMemoryEventHubOptions {
  /** The middleware stages, in publish order. */
  readonly stages?: readonly EventHubStage[];
  /** Where dropped messages (a stage refused them on receive) are reported. */
  readonly logger?: Logger;
  /** Injected for tests: the clock and the id generator of messages. */
  readonly clock?: () => Date;
  readonly newId?: () => string;
}

/**
 * The in-process event hub: topics (1→N), mailboxes (1→1), request/reply and retained
 * values, all in memory. Order is FIFO per mailbox and per subscriber; there is no global
 * order. Nothing survives the process.
 */
export class InMemoryEventHub implements EventHub, HubCore {
  readonly #chain: StageChain;
  readonly #logger: Logger | undefined;
  readonly #clock: () => Date;
  readonly #newId: () => string;
  readonly #mailboxes = new Map<string, HubQueue<HubMessage>>();
  readonly #subscribers = new Map<string, Set<TopicSubscriber>>();
  readonly #requests = new Map<string, PendingRequest>();
  readonly #lastValues = new Map<string, HubLastValue>();

  constructor(options: InMemoryEventHubOptions = {}) {
    this.#chain = new StageChain(options.stages ?? []);
    this.#logger = options.logger;
    this.#clock = options.clock ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
  }

  /** The stages in publish order. */
  get stages(): readonly EventHubStage[] {
    return this.#chain.stages;
  }

  connect(identity: HubIdentity): EventHubClient {
    return new InMemoryEventHubClient(this, identity);
  }

  now(): Date {
    return this.#clock();
  }

  newId(): string {
    return this.#newId();
  }

  async dispatch(message: HubMessage, pattern: HubPattern, retainKey?: string): Promise<boolean> {
    try {
      await this.#chain.publish(message, { pattern }, async (final) => this.#deliver(final, pattern, retainKey));
      return true;
    } catch (error) {
      // The idempotency stage's signal: the repeat is dropped, and the sender is not told.
      if (EventHubError.isInstance(error) && error.code === 'EVENT_HUB_MESSAGE_DUPLICATE') return false;
      throw error;
    }
  }

  async received(message: HubMessage, pattern: HubPattern): Promise<HubMessage | undefined> {
    try {
      return await this.#chain.receive(message, { pattern });
    } catch (error) {
      this.#logger?.warn(
        { err: error, messageId: message.id, topic: message.topic },
        'event hub: a stage refused a message on receive; it was dropped for this reader',
      );
      return undefined;
    }
  }

  mailbox(address: string): HubQueue<HubMessage> {
    let queue = this.#mailboxes.get(address);
    if (queue === undefined) {
      queue = new HubQueue<HubMessage>();
      this.#mailboxes.set(address, queue);
    }
    return queue;
  }

  addSubscriber(topic: string, subscriber: TopicSubscriber): () => void {
    let set = this.#subscribers.get(topic);
    if (set === undefined) {
      set = new Set();
      this.#subscribers.set(topic, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      subscriber.queue.close();
      if (set.size === 0 && this.#subscribers.get(topic) === set) this.#subscribers.delete(topic);
    };
  }

  openRequest(correlationId: string, requester: HubIdentity): HubQueue<HubMessage> {
    const queue = new HubQueue<HubMessage>();
    this.#requests.set(correlationId, { requester, queue });
    return queue;
  }

  pendingRequest(correlationId: string): PendingRequest | undefined {
    return this.#requests.get(correlationId);
  }

  closeRequest(correlationId: string): void {
    this.#requests.get(correlationId)?.queue.close();
    this.#requests.delete(correlationId);
  }

  lastValue(key: string, crewScope: string | undefined): HubLastValue | undefined {
    return this.#lastValues.get(lastValueSlot(key, crewScope));
  }

  #deliver(message: HubMessage, pattern: HubPattern, retainKey: string | undefined): void {
    if (pattern === 'publish') {
      if (retainKey !== undefined)
        this.#lastValues.set(lastValueSlot(retainKey, message.targetCrewId), {
          value: message.payload,
          setAt: message.publishedAt,
          message,
        });
      for (const subscriber of this.#subscribers.get(message.topic) ?? []) {
        // A crew's subscribers see global messages and those targeted at it, nothing else.
        if (message.targetCrewId !== undefined && message.targetCrewId !== subscriber.crewId) continue;
        if (subscriber.accepts !== undefined && !subscriber.accepts(message)) continue;
        subscriber.queue.push(message);
      }
      return;
    }
    if (pattern === 'reply') {
      const pending = message.correlationId === undefined ? undefined : this.#requests.get(message.correlationId);
      pending?.queue.push(message);
      return;
    }
    if (message.targetMailbox !== undefined) this.mailbox(message.targetMailbox).push(message);
  }
}

function lastValueSlot(key: string, crewScope: string | undefined): string {
  return `${crewScope ?? ''}\u0000${key}`;
}
