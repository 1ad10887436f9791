import type { HubIdentity, HubLastValue, HubMessage, HubPattern } from '@orkeon/core';
import type { HubQueue } from './hub-queue.js';

/** A topic subscriber: its crew (for targeted messages), an optional filter, and its own FIFO queue. */
export interface TopicSubscriber {
  readonly crewId: string;
  readonly accepts?: (message: HubMessage) => boolean;
  readonly queue: HubQueue<HubMessage>;
}

/** What the hub's clients use of it; kept apart so the client and the hub do not import each other. */
export interface HubCore {
  now(): Date;
  newId(): string;
  /** Runs the publish stages, then delivers by pattern; a duplicate is swallowed (answers false). */
  dispatch(message: HubMessage, pattern: HubPattern, retainKey?: string): Promise<boolean>;
  /** Runs the receive stages for one taker; `undefined` when a stage refused the message. */
  received(message: HubMessage, pattern: HubPattern): Promise<HubMessage | undefined>;
  mailbox(address: string): HubQueue<HubMessage>;
  addSubscriber(topic: string, subscriber: TopicSubscriber): () => void;
  /** Opens a pending request; its replies arrive on the queue. */
  openRequest(correlationId: string, requester: HubIdentity): HubQueue<HubMessage>;
  pendingRequest(correlationId: string): PendingRequest | undefined;
  closeRequest(correlationId: string): void;
  lastValue(key: string, crewScope: string | undefined): HubLastValue | undefined;
}

/** A request waiting for its reply. */
export interface PendingRequest {
  readonly requester: HubIdentity;
  readonly queue: HubQueue<HubMessage>;
}
