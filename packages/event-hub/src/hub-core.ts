import type { HubIdentity, HubLastValue, HubMessage, HubPattern } from '@orkeon/core';
import type { HubQueue, TakeOptions } from './hub-queue.js';

/**
 * A topic subscriber: its crew (for targeted messages), an optional filter, and either its own
 * FIFO queue (read at the subscriber's pace) or a function called as each message is delivered.
 */
export type TopicSubscriber = {
  readonly crewId: string;
  readonly accepts?: (message: HubMessage) => boolean;
} & ({ readonly queue: HubQueue<HubMessage> } | { readonly deliver: (message: HubMessage) => void });

/** How a message is delivered besides its pattern. */
export interface HubDispatchOptions {
  /** Keep a published payload as the last value under this key. */
  readonly retainKey?: string;
  /** A send's time-out: its request stays answerable this long. */
  readonly replyWithinMs?: number;
}

/**
 * What an adapter gives the shared `HubClient`: where messages go and come from. The client
 * keeps the rules (addresses, reserved topics, time-outs, stamping the source); an adapter
 * keeps the storage (in memory, PostgreSQL, …).
 */
export interface HubCore {
  /** A new message's id. */
  newMessageId(): string;
  /** When the message whose id was made last was published, ISO 8601 UTC (`MessageStamps` keeps the pair). */
  publishedAt(): string;
  /** True when the hub has stages: a message then reaches a reader only through `received`. */
  readonly hasStages: boolean;
  /**
   * Runs the publish stages, then delivers by pattern; a duplicate is swallowed (answers false).
   * A reply to a request no longer pending throws `EVENT_HUB_CORRELATION_UNKNOWN`. May answer
   * `true` at once when the message was delivered in this turn (saves a promise per message).
   */
  dispatch(message: HubMessage, pattern: HubPattern, options?: HubDispatchOptions): Promise<boolean> | true;
  /** Runs the receive stages for one taker; `undefined` when a stage refused the message. */
  received(message: HubMessage, pattern: HubPattern): Promise<HubMessage | undefined>;
  /** Takes the oldest message of a mailbox, waiting as the options say; each message is taken once. */
  takeFromMailbox(address: string, options: TakeOptions): Promise<HubMessage | undefined>;
  addSubscriber(topic: string, subscriber: TopicSubscriber): () => void;
  /** Opens a request sent from here; its replies arrive on the queue. */
  openRequest(correlationId: string, requester: HubIdentity): HubQueue<HubMessage>;
  /** The replies of a request opened here; `undefined` when it was not (or is closed). */
  requestReplies(correlationId: string): HubQueue<HubMessage> | undefined;
  /** Who sent a pending request, wherever it was sent from; `undefined` when none is pending. */
  pendingRequester(correlationId: string): Promise<HubIdentity | undefined>;
  /** Ends a request (answered, timed out or given up); once it resolves, a reply to it is refused. */
  closeRequest(correlationId: string): Promise<void>;
  lastValue(key: string, crewScope: string | undefined): Promise<HubLastValue | undefined>;
}
