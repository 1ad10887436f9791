import type { JsonValue } from '../documents/document-store.js';
import { serviceToken } from '../services/service-token.js';
import type { HubMessage } from './hub-message.js';

/** How long a wait may last: a finite number of milliseconds, or until a message comes. */
export type HubWaitTimeout = { readonly milliseconds: number } | 'forever';

/** What a wait waits for: a topic (optionally with metadata values), a mailbox, or the reply to a request. */
export type HubWaitTarget =
  | { readonly topic: string; readonly metadataMatch?: Readonly<Record<string, string>> }
  | { readonly mailbox: string }
  | { readonly correlationId: string };

/** Who a client speaks for: the hub stamps every message it sends with these ids. */
export interface HubIdentity {
  readonly crewId: string;
  readonly agentId?: string;
}

export interface HubPublishOptions {
  /** Only this crew's subscribers receive the message; absent: every crew's. */
  readonly targetCrewId?: string;
  readonly metadata?: Readonly<Record<string, string>>;
  /** Keep the payload as the last value of `lastValueKey` (default the topic). */
  readonly retainAsLastValue?: boolean;
  readonly lastValueKey?: string;
  /** The payload's contract; default `application/json`. */
  readonly schemaId?: string;
}

export interface HubPostOptions {
  readonly metadata?: Readonly<Record<string, string>>;
  /** Default: the name of a `topic://` mailbox, else `direct`. A link's `allowed_topics` is checked against it. */
  readonly topic?: string;
  /** The message id; give your own to let the idempotency stage drop a repeated post. Default a new UUID. */
  readonly messageId?: string;
  readonly schemaId?: string;
}

export interface HubSendOptions extends HubPostOptions {
  /** Required and finite: a request never waits forever. */
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

export interface HubReplyOptions {
  readonly metadata?: Readonly<Record<string, string>>;
  /** The reply payload's contract; default `application/json`. */
  readonly schemaId?: string;
}

export interface HubWaitOptions {
  /** Stops the wait; it rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** A retained value (`retainAsLastValue`). */
export interface HubLastValue {
  readonly value: JsonValue;
  /** When it was published, ISO 8601 UTC. */
  readonly setAt: string;
  readonly message: HubMessage;
}

/** A live subscription: iterate it for the topic's messages in order; `return()` stops it. */
export interface HubSubscription extends AsyncIterableIterator<HubMessage> {
  return(): Promise<IteratorResult<HubMessage, undefined>>;
}

/** Called with each message of a topic in publish order; a promise it answers is not awaited (its rejection goes to `onError`). */
export type HubListener = (message: HubMessage) => unknown;

export interface HubListenOptions {
  /**
   * Called when the listener throws or its promise rejects (the listening goes on), and when the
   * listening ends with an error (`EVENT_HUB_SUBSCRIPTION_OVERFLOWED`). Default: a process warning.
   */
  readonly onError?: (error: unknown) => void;
}

/** A connection to the hub bound to one crew (and agent): what it sends carries that source. */
export interface EventHubClient {
  readonly identity: HubIdentity;
  /** 1→N: every subscriber of the topic whose crew the message is for. Answers the message as published. */
  publish(topic: string, payload: JsonValue, options?: HubPublishOptions): Promise<HubMessage>;
  /** 1→1, fire and forget, to a mailbox address. */
  post(to: string, payload: JsonValue, options?: HubPostOptions): Promise<HubMessage>;
  /** Request and response: answers the reply's payload, or throws `EVENT_HUB_SEND_TIMED_OUT`. */
  send(to: string, payload: JsonValue, options: HubSendOptions): Promise<{ correlationId: string; reply: HubMessage }>;
  /** Answers a pending `send`; an unknown (or expired) correlation id throws `EVENT_HUB_CORRELATION_UNKNOWN`. */
  reply(correlationId: string, payload: JsonValue, options?: HubReplyOptions): Promise<HubMessage>;
  /** The topic's messages for this crew from now on, in publish order. */
  subscribe(topic: string): HubSubscription;
  /**
   * Calls `listener` with the topic's messages for this crew from now on, in publish order: in
   * the publisher's own turn when the hub has no stages, after the receive stages otherwise.
   * Answers a function that stops it.
   */
  on(topic: string, listener: HubListener, options?: HubListenOptions): () => void;
  /** The next matching message, or `undefined` when a finite time-out ran out. */
  waitFor(target: HubWaitTarget, timeout: HubWaitTimeout, options?: HubWaitOptions): Promise<HubMessage | undefined>;
  /** The oldest message of a mailbox (default this client's own), or `undefined` on time-out. */
  receive(
    mailbox: string | undefined,
    timeout: HubWaitTimeout,
    options?: HubWaitOptions,
  ): Promise<HubMessage | undefined>;
  /** The value retained under `key`, global or of `crewScope` (this client's crew only). */
  getLastValue(key: string, crewScope?: string): Promise<HubLastValue | undefined>;
}

/** The event hub port: crews talking to crews (`@orkeon/event-hub` implements it). */
export interface EventHub {
  /** A client whose messages carry `identity` as their source. */
  connect(identity: HubIdentity): EventHubClient;
}

/** The host's event hub; `addSvcEventHub` registers the in-memory one. */
export const EventHubService = serviceToken<EventHub>('EventHub');
