// One class on purpose: every pattern's rules (addresses, reserved topics, time-outs, stamping the
// source, listeners and subscriptions) over one HubCore; split, each adapter would need them all again.
import { randomUUID } from 'node:crypto';
import {
  crewOfMailbox,
  defaultHubSchemaId,
  type EventHubClient,
  EventHubError,
  type HubIdentity,
  type HubLastValue,
  type HubListener,
  type HubListenOptions,
  type HubMessage,
  type HubPattern,
  type HubPostOptions,
  type HubPublishOptions,
  type HubReplyOptions,
  type HubSendOptions,
  type HubSubscription,
  type HubWaitOptions,
  type HubWaitTarget,
  type HubWaitTimeout,
  type JsonValue,
  parseMailboxAddress,
  reservedTopicPrefix,
  systemCrewId,
  waitTimedOutTopic,
} from '@orkeon/core';
import type { HubCore } from './hub-core.js';
import { HubQueue, type TakeOptions } from './hub-queue.js';
import { ownMailbox } from './own-mailbox.js';
import { unknownCorrelation } from './unknown-correlation.js';
import { deadlineOf, requestDeadline } from './wait-timeout.js';

/** The topic of point-to-point messages that name none (a `topic://` mailbox uses its name). */
export const directTopic = 'direct';

/**
 * A client of the hub, bound to one crew (and agent): every message it sends carries that
 * source. It keeps the hub's rules over any adapter's `HubCore`.
 */
export class HubClient implements EventHubClient {
  readonly identity: HubIdentity;
  readonly #core: HubCore;

  constructor(core: HubCore, identity: HubIdentity) {
    this.#core = core;
    this.identity = {
      crewId: identity.crewId,
      ...(identity.agentId === undefined ? {} : { agentId: identity.agentId }),
    };
  }

  // Not `async`: on a hub without stages a publish is delivered in this turn and costs one promise.
  publish(topic: string, payload: JsonValue, options: HubPublishOptions = noPublishOptions): Promise<HubMessage> {
    try {
      refuseReserved(topic);
      const message = this.#message(topic, payload, options);
      const retainKey = options.retainAsLastValue === true ? (options.lastValueKey ?? topic) : undefined;
      const dispatched = this.#core.dispatch(
        message,
        'publish',
        retainKey === undefined ? noDispatchOptions : { retainKey },
      );
      return dispatched === true ? Promise.resolve(message) : dispatched.then(() => message);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async post(to: string, payload: JsonValue, options: HubPostOptions = {}): Promise<HubMessage> {
    const message = this.#pointToPoint(to, payload, options, undefined);
    await this.#core.dispatch(message, 'post');
    return message;
  }

  async send(
    to: string,
    payload: JsonValue,
    options: HubSendOptions,
  ): Promise<{ correlationId: string; reply: HubMessage }> {
    const deadline = requestDeadline(options?.timeoutMs);
    // Random, not time-ordered: answering a request takes knowing its id.
    const correlationId = randomUUID();
    const message = this.#pointToPoint(to, payload, options, correlationId);
    const replies = this.#core.openRequest(correlationId, this.identity);
    try {
      await this.#core.dispatch(message, 'send', { replyWithinMs: options.timeoutMs });
      const reply = await this.#take(replies, 'reply', { deadline, ...signalOf(options) });
      if (reply === undefined)
        throw new EventHubError(
          'EVENT_HUB_SEND_TIMED_OUT',
          `No reply to the request ${correlationId} sent to '${to}' came within ${options.timeoutMs} ms: raise the time-out, or check that '${to}' receives and replies.`,
          { details: { correlationId, to, timeoutMs: options.timeoutMs } },
        );
      return { correlationId, reply };
    } finally {
      await this.#core.closeRequest(correlationId);
    }
  }

  async reply(correlationId: string, payload: JsonValue, options: HubReplyOptions = {}): Promise<HubMessage> {
    const requester = await this.#core.pendingRequester(correlationId);
    if (requester === undefined) throw unknownCorrelation(correlationId);
    const message = this.#message(directTopic, payload, {
      targetCrewId: requester.crewId,
      targetMailbox: ownMailbox(requester),
      correlationId,
      metadata: options.metadata,
      schemaId: options.schemaId,
    });
    await this.#core.dispatch(message, 'reply');
    return message;
  }

  subscribe(topic: string): HubSubscription {
    const queue = new HubQueue<HubMessage>();
    const remove = this.#core.addSubscriber(topic, { crewId: this.identity.crewId, queue });
    const hasStages = this.#core.hasStages;
    const take = () => this.#take(queue, 'publish', {});
    const subscription: HubSubscription = {
      next() {
        if (hasStages) return take().then(iteratorResult);
        // With no receive stage to run, a message waiting in the queue is the answer: one promise for it.
        if (queue.size > 0) return Promise.resolve({ value: queue.takeNow(), done: false });
        return queue.take().then(iteratorResult);
      },
      async return() {
        remove();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]() {
        return subscription;
      },
    };
    return subscription;
  }

  on(topic: string, listener: HubListener, options: HubListenOptions = {}): () => void {
    const onError = options.onError ?? warnOfListenerError;
    let stopped = false;
    // Also checks `stopped`: a listener stopped by another one called before it for the same
    // message is not called any more.
    const call = (message: HubMessage) => {
      if (stopped) return;
      try {
        const answered = listener(message);
        if (answered instanceof Promise) answered.catch(onError);
      } catch (error) {
        onError(error);
      }
    };
    if (!this.#core.hasStages) {
      // Nothing to await between delivery and the listener: called in the publisher's turn.
      const remove = this.#core.addSubscriber(topic, { crewId: this.identity.crewId, deliver: call });
      return () => {
        stopped = true;
        remove();
      };
    }
    // The receive stages are awaited one message at a time, so the listener keeps publish order.
    const subscription = this.subscribe(topic);
    void (async () => {
      for await (const message of subscription) call(message);
    })().catch((error: unknown) => {
      if (!stopped) onError(error);
    });
    return () => {
      stopped = true;
      void subscription.return();
    };
  }

  async waitFor(
    target: HubWaitTarget,
    timeout: HubWaitTimeout,
    options: HubWaitOptions = {},
  ): Promise<HubMessage | undefined> {
    const deadline = deadlineOf(timeout);
    if ('mailbox' in target) return this.receive(target.mailbox, timeout, options);
    if ('correlationId' in target) {
      const replies = this.#core.requestReplies(target.correlationId);
      if (replies === undefined) throw unknownCorrelation(target.correlationId);
      return this.#take(replies, 'reply', { ...withDeadline(deadline), ...signalOf(options) });
    }
    // The core tells the time of the id it made last: one is made here to read the clock.
    this.#core.newMessageId();
    const startedAt = this.#core.publishedAt();
    const waitId = randomUUID();
    const match = target.metadataMatch ?? {};
    const queue = new HubQueue<HubMessage>();
    const remove = this.#core.addSubscriber(target.topic, {
      crewId: this.identity.crewId,
      queue,
      accepts: (message) => Object.entries(match).every(([key, value]) => message.metadata[key] === value),
    });
    try {
      const message = await this.#take(queue, 'publish', { ...withDeadline(deadline), ...signalOf(options) });
      if (message === undefined) await this.#announceTimeout(target.topic, waitId, startedAt);
      return message;
    } finally {
      remove();
    }
  }

  async receive(
    mailbox: string | undefined,
    timeout: HubWaitTimeout,
    options: HubWaitOptions = {},
  ): Promise<HubMessage | undefined> {
    const deadline = deadlineOf(timeout);
    const address = parseMailboxAddress(mailbox ?? ownMailbox(this.identity));
    this.#refuseForeignMailbox(address.text);
    const pattern = (message: HubMessage): HubPattern => (message.correlationId === undefined ? 'post' : 'send');
    for (;;) {
      const message = await this.#core.takeFromMailbox(address.text, {
        ...withDeadline(deadline),
        ...signalOf(options),
      });
      if (message === undefined || !this.#core.hasStages) return message;
      const received = await this.#core.received(message, pattern(message));
      if (received !== undefined) return received;
    }
  }

  async getLastValue(key: string, crewScope?: string): Promise<HubLastValue | undefined> {
    if (crewScope !== undefined && crewScope !== this.identity.crewId)
      throw new EventHubError(
        'EVENT_HUB_ACL_DENIED',
        `Crew '${this.identity.crewId}' cannot read the last value '${key}' of crew '${crewScope}': a crew reads global values and its own.`,
        { details: { crewId: this.identity.crewId, crewScope, key } },
      );
    return this.#core.lastValue(key, crewScope);
  }

  /** The next message of the queue that passes the receive stages; `undefined` at the deadline or when closed. */
  async #take(queue: HubQueue<HubMessage>, pattern: HubPattern, options: TakeOptions): Promise<HubMessage | undefined> {
    for (;;) {
      const message = await queue.take(options);
      if (message === undefined || !this.#core.hasStages) return message;
      const received = await this.#core.received(message, pattern);
      if (received !== undefined) return received;
    }
  }

  /** `_system.wait_timed_out`, from the hub itself, to the crew whose wait ran out. */
  async #announceTimeout(topic: string, waitId: string, startedAt: string): Promise<void> {
    const message: HubMessage = {
      id: this.#core.newMessageId(),
      topic: waitTimedOutTopic,
      sourceCrewId: systemCrewId,
      targetCrewId: this.identity.crewId,
      publishedAt: this.#core.publishedAt(),
      metadata: { original_topic: topic, original_wait_id: waitId, original_started_at: startedAt },
      payload: null,
      schemaId: defaultHubSchemaId,
    };
    // A stage refusing the notice must not turn the waiter's time-out into an error (it logs on its own).
    await Promise.resolve()
      .then(() => this.#core.dispatch(message, 'publish'))
      .catch(() => false);
  }

  #refuseForeignMailbox(address: string): void {
    const parsed = parseMailboxAddress(address);
    const owner = parsed.kind === 'client' ? `client:${parsed.name}` : crewOfMailbox(parsed);
    if (owner === undefined || owner === this.identity.crewId) return;
    throw new EventHubError(
      'EVENT_HUB_ACL_DENIED',
      `Crew '${this.identity.crewId}' cannot read the mailbox '${address}': it belongs to '${owner}'. Read your own agent's or crew's mailbox, or a topic:// mailbox.`,
      { details: { crewId: this.identity.crewId, mailbox: address } },
    );
  }

  #pointToPoint(
    to: string,
    payload: JsonValue,
    options: HubPostOptions,
    correlationId: string | undefined,
  ): HubMessage {
    const address = parseMailboxAddress(to);
    const topic = options.topic ?? (address.kind === 'topic' ? address.name : directTopic);
    refuseReserved(topic);
    const targetCrewId = crewOfMailbox(address);
    return this.#message(topic, payload, {
      ...(targetCrewId === undefined ? {} : { targetCrewId }),
      targetMailbox: address.text,
      ...(correlationId === undefined ? {} : { correlationId }),
      metadata: options.metadata,
      schemaId: options.schemaId,
      ...(options.messageId === undefined ? {} : { id: options.messageId }),
    });
  }

  #message(
    topic: string,
    payload: JsonValue,
    fields: {
      readonly id?: string;
      readonly targetCrewId?: string;
      readonly targetMailbox?: string;
      readonly correlationId?: string;
      readonly metadata?: Readonly<Record<string, string>> | undefined;
      readonly schemaId?: string | undefined;
    },
  ): HubMessage {
    // Always made, even for a sender's own id: it reads the clock for the time.
    const madeId = this.#core.newMessageId();
    const publishedAt = this.#core.publishedAt();
    const metadata = fields.metadata === undefined ? noMetadata : { ...fields.metadata };
    if (
      this.identity.agentId === undefined &&
      fields.targetCrewId === undefined &&
      fields.targetMailbox === undefined &&
      fields.correlationId === undefined
    )
      // A crew's untargeted publish, the most frequent message: one literal, same field order.
      return {
        id: fields.id ?? madeId,
        topic,
        sourceCrewId: this.identity.crewId,
        publishedAt,
        metadata,
        payload,
        schemaId: fields.schemaId ?? defaultHubSchemaId,
      };
    // Built field by field, absent ones left out.
    const message: Mutable<HubMessage> = {
      id: fields.id ?? madeId,
      topic,
      // Stamped from the connection, never from the caller's options.
      sourceCrewId: this.identity.crewId,
    } as Mutable<HubMessage>;
    if (this.identity.agentId !== undefined) message.sourceAgentId = this.identity.agentId;
    if (fields.targetCrewId !== undefined) message.targetCrewId = fields.targetCrewId;
    if (fields.targetMailbox !== undefined) message.targetMailbox = fields.targetMailbox;
    if (fields.correlationId !== undefined) message.correlationId = fields.correlationId;
    message.publishedAt = publishedAt;
    message.metadata = metadata;
    message.payload = payload;
    message.schemaId = fields.schemaId ?? defaultHubSchemaId;
    return message;
  }
}

function iteratorResult(message: HubMessage | undefined): IteratorResult<HubMessage, undefined> {
  return message === undefined ? { value: undefined, done: true } : { value: message, done: false };
}

const noDispatchOptions = {};
const noPublishOptions: HubPublishOptions = {};
// Shared by every message sent without metadata; frozen, as a message is read-only.
const noMetadata: Readonly<Record<string, string>> = Object.freeze({});

function warnOfListenerError(error: unknown): void {
  process.emitWarning(
    `An event hub listener failed: ${error instanceof Error ? error.message : String(error)}. Pass onError to handle it.`,
    { code: 'ORKEON_EVENT_HUB_LISTENER' },
  );
}

function refuseReserved(topic: string): void {
  if (topic.startsWith(reservedTopicPrefix))
    throw new EventHubError(
      'EVENT_HUB_TOPIC_RESERVED',
      `The topic '${topic}' is reserved for the hub (topics starting '${reservedTopicPrefix}'): publish on another topic.`,
      { details: { topic } },
    );
}

function withDeadline(deadline: number | undefined): TakeOptions {
  return deadline === undefined ? {} : { deadline };
}

function signalOf(options: { readonly signal?: AbortSignal } | undefined): TakeOptions {
  return options?.signal === undefined ? {} : { signal: options.signal };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
