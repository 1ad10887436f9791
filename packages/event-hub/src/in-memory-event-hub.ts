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
import { HubClient } from './hub-client.js';
import type { HubCore, HubDispatchOptions, TopicSubscriber } from './hub-core.js';
import { HubQueue, type TakeOptions } from './hub-queue.js';
import { LocalRequests } from './local-requests.js';
import { MessageStamps } from './message-stamps.js';
import { StageChain } from './stage-chain.js';
import { defaultSubscriberBacklog, TopicSubscribers } from './topic-subscribers.js';
import { unknownCorrelation } from './unknown-correlation.js';

export interface InMemoryEventHubOptions {
  /** The middleware stages, in publish order. */
  readonly stages?: readonly EventHubStage[];
  /** Where dropped messages (a stage refused them on receive) are reported. */
  readonly logger?: Logger;
  /** The most unread messages a mailbox holds; a post to a full one is refused. Default 10,000. */
  readonly maxMailboxMessages?: number;
  /** The most messages a subscriber may leave unread before its subscription ends. Default 10,000. */
  readonly maxSubscriberBacklog?: number;
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
  readonly #stamps: MessageStamps;
  readonly #mailboxes = new Map<string, HubQueue<HubMessage>>();
  readonly #subscribers: TopicSubscribers;
  readonly #maxMailboxMessages: number;
  readonly #requests = new LocalRequests();
  readonly #lastValues = new Map<string, HubLastValue>();

  constructor(options: InMemoryEventHubOptions = {}) {
    this.#chain = new StageChain(options.stages ?? []);
    this.#logger = options.logger;
    this.#stamps = new MessageStamps({
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.newId === undefined ? {} : { newId: options.newId }),
    });
    this.#maxMailboxMessages = positiveWhole('maxMailboxMessages', options.maxMailboxMessages ?? 10_000);
    this.#subscribers = new TopicSubscribers(
      positiveWhole('maxSubscriberBacklog', options.maxSubscriberBacklog ?? defaultSubscriberBacklog),
    );
  }

  /** The stages in publish order. */
  get stages(): readonly EventHubStage[] {
    return this.#chain.stages;
  }

  connect(identity: HubIdentity): EventHubClient {
    return new HubClient(this, identity);
  }

  newMessageId(): string {
    return this.#stamps.nextId();
  }

  publishedAt(): string {
    return this.#stamps.publishedAt();
  }

  get hasStages(): boolean {
    return this.#chain.stages.length > 0;
  }

  dispatch(message: HubMessage, pattern: HubPattern, options: HubDispatchOptions = {}): Promise<boolean> | true {
    if (this.#chain.stages.length === 0) {
      // No stage to await: delivered in this turn, the hub's hot path (a refusal throws here).
      this.#deliver(message, pattern, options.retainKey);
      return true;
    }
    return this.#chain.dispatch(message, pattern, async (final) => this.#deliver(final, pattern, options.retainKey));
  }

  received(message: HubMessage, pattern: HubPattern): Promise<HubMessage | undefined> {
    return this.#chain.receiveOrDrop(message, pattern, this.#logger);
  }

  takeFromMailbox(address: string, options: TakeOptions): Promise<HubMessage | undefined> {
    return this.#mailbox(address).take(options);
  }

  addSubscriber(topic: string, subscriber: TopicSubscriber): () => void {
    return this.#subscribers.add(topic, subscriber);
  }

  openRequest(correlationId: string, requester: HubIdentity): HubQueue<HubMessage> {
    return this.#requests.open(correlationId, requester);
  }

  requestReplies(correlationId: string): HubQueue<HubMessage> | undefined {
    return this.#requests.replies(correlationId);
  }

  async pendingRequester(correlationId: string): Promise<HubIdentity | undefined> {
    return this.#requests.requester(correlationId);
  }

  async closeRequest(correlationId: string): Promise<void> {
    this.#requests.close(correlationId);
  }

  async lastValue(key: string, crewScope: string | undefined): Promise<HubLastValue | undefined> {
    return this.#lastValues.get(lastValueSlot(key, crewScope));
  }

  #mailbox(address: string): HubQueue<HubMessage> {
    let queue = this.#mailboxes.get(address);
    if (queue === undefined) {
      queue = new HubQueue<HubMessage>();
      this.#mailboxes.set(address, queue);
    }
    return queue;
  }

  #deliver(message: HubMessage, pattern: HubPattern, retainKey: string | undefined): void {
    if (pattern === 'publish') {
      if (retainKey !== undefined)
        this.#lastValues.set(lastValueSlot(retainKey, message.targetCrewId), {
          value: message.payload,
          setAt: message.publishedAt,
          message,
        });
      this.#subscribers.deliver(message);
      return;
    }
    if (pattern === 'reply') {
      if (!this.#requests.deliver(message)) throw unknownCorrelation(message.correlationId ?? '');
      return;
    }
    if (message.targetMailbox === undefined) return;
    const mailbox = this.#mailbox(message.targetMailbox);
    if (mailbox.size >= this.#maxMailboxMessages)
      throw new EventHubError(
        'EVENT_HUB_MAILBOX_FULL',
        `The mailbox '${message.targetMailbox}' holds ${mailbox.size} unread messages, its limit: this ${pattern} was not delivered. Have its owner read it, or raise Svc:EventHub:MaxMailboxMessages.`,
        { details: { mailbox: message.targetMailbox, limit: this.#maxMailboxMessages } },
      );
    mailbox.push(message);
  }
}

function positiveWhole(option: string, value: number): number {
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`InMemoryEventHub: ${option} ${value} is not a whole number of 1 or more.`);
  return value;
}

function lastValueSlot(key: string, crewScope: string | undefined): string {
  return `${crewScope ?? ''}\u0000${key}`;
}
