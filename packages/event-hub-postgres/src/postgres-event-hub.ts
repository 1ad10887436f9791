// One class on purpose: the hub's delivery paths (publish, mailbox, reply), its notifications and its
// clean-up share the pool, the listener and the local queues; splitting it would spread one protocol.
import { createHash, randomUUID } from 'node:crypto';
import type {
  EventHub,
  EventHubClient,
  EventHubStage,
  HubIdentity,
  HubLastValue,
  HubMessage,
  HubPattern,
  Logger,
} from '@orkeon/core';
import {
  defaultSubscriberBacklog,
  HubClient,
  type HubCore,
  type HubDispatchOptions,
  type HubQueue,
  LocalRequests,
  MessageStamps,
  StageChain,
  type TakeOptions,
  type TopicSubscriber,
  TopicSubscribers,
  unknownCorrelation,
} from '@orkeon/event-hub';
import { NotificationListener } from '@orkeon/store-postgres';
import pg from 'pg';
import {
  eventHubChannel,
  eventHubTables,
  mailboxChannel,
  prepareEventHubTables,
  replyChannel,
  schemaNamePattern,
} from './event-hub-tables.js';
import { inlineNotification, isOwnDelivered, originPrefix, readNotification } from './hub-notification.js';
import { MailboxDoorbells } from './mailbox-doorbells.js';
import {
  PostgresEventHubClosedError,
  PostgresEventHubOptionsError,
  PostgresEventHubSchemaTooNewError,
  PostgresEventHubSetupError,
} from './postgres-event-hub-errors.js';

export interface PostgresEventHubOptions {
  /** Where to connect; the hub creates its own pool and ends it on `close()`. */
  readonly connectionString?: string;
  /** A pool the host owns; the hub uses it (and its settings for the notification connection) and leaves it open. */
  readonly pool?: pg.Pool;
  /** The schema holding the hub's tables, created on first use. Default `orkeon`. */
  readonly schema?: string;
  /** The middleware stages, in publish order. */
  readonly stages?: readonly EventHubStage[];
  readonly logger?: Logger;
  /** The most messages a subscriber may leave unread before its subscription ends. Default 10,000. */
  readonly maxSubscriberBacklog?: number;
  /** How long a message too large for a notification stays readable, in seconds. Default 600. */
  readonly largeMessageRetentionSeconds?: number;
  /** Injected for tests: the clock and the id generator of messages. */
  readonly clock?: () => Date;
  readonly newId?: () => string;
}

/** How many correlation ids of received requests are remembered, so a reply needs no look-up. */
const rememberedRequesters = 10_000;
const cleanUpEveryMilliseconds = 60_000;

/**
 * The event hub on PostgreSQL, for crews in different processes or on different hosts.
 * Publications and replies travel as notifications (LISTEN/NOTIFY on the schema's channel);
 * a message to a mailbox is a row that exactly one reader takes, so it waits for a reader
 * that is not running yet; a pending request is a row until its time-out, so any process
 * may answer it; retained values are rows. The stages run in each process: the publish
 * path in the sender's, the receive path in the reader's.
 */
export class PostgresEventHub implements EventHub, HubCore, AsyncDisposable {
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #schema: string;
  readonly #tables: ReturnType<typeof eventHubTables>;
  readonly #channel: string;
  /** Where the replies to this hub's requests are notified (only this hub listens). */
  readonly #replyChannel: string;
  /** Each mailbox's channel, as its name is a hash made once. */
  readonly #mailboxChannels = new Map<string, string>();
  readonly #origin = randomUUID();
  readonly #originPrefix = originPrefix(this.#origin);
  readonly #chain: StageChain;
  readonly #logger: Logger | undefined;
  readonly #stamps: MessageStamps;
  readonly #retentionSeconds: number;
  readonly #subscribers: TopicSubscribers;
  readonly #requests = new LocalRequests();
  readonly #received = new Map<string, HubIdentity>();
  readonly #doorbells = new MailboxDoorbells();
  readonly #listener: NotificationListener;
  readonly #ready: Promise<void>;
  readonly #cleanUpTimer: ReturnType<typeof setInterval>;
  readonly #inFlight = new Set<Promise<unknown>>();
  readonly #statementNames = new Map<string, string>();
  /** Remote publications and replies are handed on in the order they came. */
  #inbound: Promise<void> = Promise.resolve();
  /** How many of them wait in `#inbound` (one read from the large-messages table, or behind one). */
  #inboundWaiting = 0;
  #closed = false;

  constructor(options: PostgresEventHubOptions) {
    const hasConnectionString = typeof options.connectionString === 'string' && options.connectionString.length > 0;
    if (hasConnectionString === (options.pool !== undefined))
      throw new PostgresEventHubOptionsError(
        'give either connectionString (Svc:EventHub:Postgres:ConnectionString; the hub creates and ends its pool) or pool (yours to end), not both and not neither',
      );
    const schema = options.schema ?? 'orkeon';
    if (!schemaNamePattern.test(schema))
      throw new PostgresEventHubOptionsError(
        `schema name '${schema}' must start with a letter or '_' and hold up to 63 letters, digits and '_'`,
      );
    const retention = options.largeMessageRetentionSeconds ?? 600;
    if (!Number.isInteger(retention) || retention < 1)
      throw new PostgresEventHubOptionsError(
        `largeMessageRetentionSeconds ${retention} is not a whole number of 1 or more`,
      );
    this.#ownsPool = options.pool === undefined;
    this.#pool = options.pool ?? new pg.Pool({ connectionString: options.connectionString });
    // An idle pooled connection dropped by the server is an 'error' event, which would end the process if unhandled.
    if (this.#ownsPool) this.#pool.on('error', () => undefined);
    this.#schema = schema;
    this.#tables = eventHubTables(schema);
    this.#channel = eventHubChannel(schema);
    this.#replyChannel = replyChannel(schema, this.#origin);
    this.#chain = new StageChain(options.stages ?? []);
    this.#logger = options.logger;
    this.#stamps = new MessageStamps({
      ...(options.clock === undefined ? {} : { clock: options.clock }),
      ...(options.newId === undefined ? {} : { newId: options.newId }),
    });
    this.#retentionSeconds = retention;
    const backlog = options.maxSubscriberBacklog ?? defaultSubscriberBacklog;
    if (!Number.isInteger(backlog) || backlog < 1)
      throw new PostgresEventHubOptionsError(`maxSubscriberBacklog ${backlog} is not a whole number of 1 or more`);
    this.#subscribers = new TopicSubscribers(backlog);
    this.#listener = new NotificationListener({
      connection: options.pool?.options ?? { connectionString: options.connectionString },
      channels: [this.#channel, this.#replyChannel],
      onNotification: (payload) => this.#onNotification(payload),
      onReconnected: () => this.#doorbells.ringAll(),
      label: 'event hub',
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
    this.#ready = this.#prepare();
    // Reported by the first call that needs the hub; this keeps an unused failing hub from crashing the process.
    this.#ready.catch(() => undefined);
    this.#cleanUpTimer = setInterval(() => this.#track(this.#cleanUp()), cleanUpEveryMilliseconds);
    this.#cleanUpTimer.unref();
  }

  /** The stages in publish order. */
  get stages(): readonly EventHubStage[] {
    return this.#chain.stages;
  }

  /** Resolves once the tables are ready and the hub listens; rejects with what stopped it. */
  ready(): Promise<void> {
    return this.#ready;
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

  dispatch(message: HubMessage, pattern: HubPattern, options: HubDispatchOptions = {}): Promise<boolean> {
    return this.#chain.dispatch(message, pattern, (final) => this.#deliver(final, pattern, options));
  }

  received(message: HubMessage, pattern: HubPattern): Promise<HubMessage | undefined> {
    return this.#chain.receiveOrDrop(message, pattern, this.#logger);
  }

  async takeFromMailbox(address: string, options: TakeOptions): Promise<HubMessage | undefined> {
    await this.#open();
    // Heard before the first look in the table, so a message posted after the look still wakes the reader.
    await this.#listener.listen(this.#mailboxChannel(address));
    for (;;) {
      if (options.signal?.aborted === true) throw options.signal.reason;
      const bell = this.#doorbells.listen(address);
      let taken: TakenRow | undefined;
      try {
        taken = await this.#take(address);
      } catch (error) {
        bell.cancel();
        throw error;
      }
      if (taken !== undefined) {
        bell.cancel();
        if (isAborted(options.signal)) {
          // The reader gave up while the row was taken: it goes back in its place, for the next reader.
          await this.#putBack(address, taken);
          throw options.signal?.reason;
        }
        const message = JSON.parse(taken.message) as HubMessage;
        if (message.correlationId !== undefined) this.#rememberRequester(message);
        return message;
      }
      if (!(await bell.wait(options.deadline, options.signal))) return undefined;
    }
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
    const known = this.#requests.requester(correlationId) ?? this.#received.get(correlationId);
    if (known !== undefined) return known;
    await this.#open();
    const found = await this.#query<{ requester_crew_id: string; requester_agent_id: string | null }>(
      `SELECT requester_crew_id, requester_agent_id FROM ${this.#tables.requests}
       WHERE correlation_id = $1 AND expires_at > now()`,
      [correlationId],
    );
    const row = found.rows[0];
    if (row === undefined) return undefined;
    return {
      crewId: row.requester_crew_id,
      ...(row.requester_agent_id === null ? {} : { agentId: row.requester_agent_id }),
    };
  }

  async closeRequest(correlationId: string): Promise<void> {
    // An answered request's row went with its reply; one that timed out is removed before the sender
    // hears of it, so a late reply is refused rather than lost.
    const answered = this.#requests.answered(correlationId);
    this.#requests.close(correlationId);
    if (answered || this.#closed) return;
    await this.#query(`DELETE FROM ${this.#tables.requests} WHERE correlation_id = $1`, [correlationId]).catch(
      (error: unknown) =>
        this.#logger?.warn(
          { err: error, correlationId },
          'event hub: a closed request could not be removed; it expires',
        ),
    );
  }

  async lastValue(key: string, crewScope: string | undefined): Promise<HubLastValue | undefined> {
    await this.#open();
    const found = await this.#query<{ message: string; set_at: Date }>(
      `SELECT message, set_at FROM ${this.#tables.lastValues} WHERE crew_scope = $1 AND key = $2`,
      [crewScope ?? '', key],
    );
    const row = found.rows[0];
    if (row === undefined) return undefined;
    const message = JSON.parse(row.message) as HubMessage;
    return { value: message.payload, setAt: message.publishedAt, message };
  }

  /** Stops listening, waits for its own writes, and ends the pool it created. Safe to call twice. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#cleanUpTimer);
    await this.#ready.catch(() => undefined);
    await this.#listener.close();
    await Promise.allSettled([...this.#inFlight]);
    if (this.#ownsPool) await this.#pool.end();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #prepare(): Promise<void> {
    try {
      await prepareEventHubTables(this.#pool, this.#schema);
      await this.#listener.start();
    } catch (error) {
      if (error instanceof PostgresEventHubSchemaTooNewError) throw error;
      throw new PostgresEventHubSetupError(this.#schema, error);
    }
    await this.#cleanUp();
  }

  #open(): Promise<void> {
    return this.#closed ? Promise.reject(new PostgresEventHubClosedError()) : this.#ready;
  }

  async #deliver(message: HubMessage, pattern: HubPattern, options: HubDispatchOptions): Promise<void> {
    await this.#open();
    if (pattern === 'publish') return this.#publish(message, options.retainKey);
    if (pattern === 'reply') return this.#reply(message);
    return this.#post(message, options.replyWithinMs);
  }

  async #publish(message: HubMessage, retainKey: string | undefined): Promise<void> {
    const text = JSON.stringify(message);
    const parameters: unknown[] = [this.#channel];
    const steps: string[] = [];
    let notification = inlineNotification(this.#origin, 'p', message);
    if (notification === undefined) {
      parameters.push(message.id, text);
      steps.push(`large AS (INSERT INTO ${this.#tables.largeMessages} (id, message) VALUES ($2, $3)
        ON CONFLICT (id) DO UPDATE SET message = EXCLUDED.message, created_at = now())`);
      notification = JSON.stringify({ o: this.#origin, k: 'p', l: message.id });
    }
    if (retainKey !== undefined) {
      const at = parameters.length;
      parameters.push(message.targetCrewId ?? '', retainKey, text, message.publishedAt);
      steps.push(`retained AS (INSERT INTO ${this.#tables.lastValues} (crew_scope, key, message, set_at)
        VALUES ($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4})
        ON CONFLICT (crew_scope, key) DO UPDATE SET message = EXCLUDED.message, set_at = EXCLUDED.set_at)`);
    }
    parameters.push(notification);
    await this.#query(
      `${steps.length === 0 ? '' : `WITH ${steps.join(', ')} `}SELECT pg_notify($1, $${parameters.length})`,
      parameters,
    );
    this.#subscribers.deliver(message);
  }

  async #post(message: HubMessage, replyWithinMs: number | undefined): Promise<void> {
    const mailbox = message.targetMailbox;
    if (mailbox === undefined) return;
    const notification = JSON.stringify({ o: this.#origin, k: 'm', b: mailbox });
    const parameters: unknown[] = [this.#mailboxChannel(mailbox), notification, mailbox, JSON.stringify(message)];
    let request = '';
    if (message.correlationId !== undefined && replyWithinMs !== undefined) {
      // The request row commits with the message, so no reader can see the request before it is pending.
      parameters.push(
        message.correlationId,
        message.sourceCrewId,
        message.sourceAgentId ?? null,
        replyWithinMs,
        this.#replyChannel,
      );
      request = `, request AS (INSERT INTO ${this.#tables.requests}
        (correlation_id, requester_crew_id, requester_agent_id, expires_at, reply_channel)
        VALUES ($5, $6, $7, now() + $8 * interval '1 millisecond', $9))`;
    }
    await this.#query(
      `WITH posted AS (INSERT INTO ${this.#tables.mailbox} (mailbox, message) VALUES ($3, $4))${request}
       SELECT pg_notify($1, $2)`,
      parameters,
    );
  }

  async #reply(message: HubMessage): Promise<void> {
    const correlationId = message.correlationId ?? '';
    let notification = inlineNotification(this.#origin, 'r', message);
    const parameters: unknown[] = [this.#channel, correlationId];
    let large = '';
    if (notification === undefined) {
      parameters.push(message.id, JSON.stringify(message));
      large = `large AS (INSERT INTO ${this.#tables.largeMessages} (id, message) VALUES ($3, $4)
        ON CONFLICT (id) DO UPDATE SET message = EXCLUDED.message, created_at = now()), `;
      notification = JSON.stringify({ o: this.#origin, k: 'r', l: message.id });
    }
    parameters.push(notification);
    // Answers while the request is pending and ends it in the same statement: a request is answered
    // once, and a late reply is refused, not lost in silence. It goes to the requester's channel
    // (the schema's for a request written by tables of version 1).
    const sent = await this.#query(
      `WITH ${large}answered AS (DELETE FROM ${this.#tables.requests}
         WHERE correlation_id = $2 AND expires_at > now() RETURNING reply_channel)
       SELECT pg_notify(COALESCE(reply_channel, $1), $${parameters.length}) FROM answered`,
      parameters,
    );
    if (sent.rowCount === 0) throw unknownCorrelation(correlationId);
    this.#received.delete(correlationId);
    this.#requests.deliver(message);
  }

  /** Takes the oldest row of a mailbox that no other reader is taking. */
  async #take(address: string): Promise<TakenRow | undefined> {
    const taken = await this.#query<TakenRow>(
      `DELETE FROM ${this.#tables.mailbox} WHERE seq = (
         SELECT seq FROM ${this.#tables.mailbox} WHERE mailbox = $1 ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED
       ) RETURNING seq, message, posted_at::text AS posted_at`,
      [address],
    );
    return taken.rows[0];
  }

  async #putBack(address: string, row: TakenRow): Promise<void> {
    // Announced on the mailbox's channel like a new post: a reader in any process may take it.
    await this.#query(
      `WITH back AS (INSERT INTO ${this.#tables.mailbox} (seq, mailbox, message, posted_at) VALUES ($1, $2, $3, $4))
       SELECT pg_notify($5, $6)`,
      [
        row.seq,
        address,
        row.message,
        row.posted_at,
        this.#mailboxChannel(address),
        JSON.stringify({ o: this.#origin, k: 'm', b: address }),
      ],
    );
  }

  #mailboxChannel(mailbox: string): string {
    let channel = this.#mailboxChannels.get(mailbox);
    if (channel === undefined) {
      channel = mailboxChannel(this.#schema, mailbox);
      // Bounded: a process addressing very many mailboxes hashes again rather than growing.
      if (this.#mailboxChannels.size >= rememberedRequesters) this.#mailboxChannels.clear();
      this.#mailboxChannels.set(mailbox, channel);
    }
    return channel;
  }

  #rememberRequester(request: HubMessage): void {
    if (request.correlationId === undefined) return;
    this.#received.set(request.correlationId, {
      crewId: request.sourceCrewId,
      ...(request.sourceAgentId === undefined ? {} : { agentId: request.sourceAgentId }),
    });
    // A Map iterates in insertion order: the first key is the oldest.
    if (this.#received.size > rememberedRequesters) {
      const oldest = this.#received.keys().next();
      if (oldest.done !== true) this.#received.delete(oldest.value);
    }
  }

  #onNotification(payload: string): void {
    // This hub's own publications and replies were delivered here when they were sent: skipped
    // before parsing (a reply carries its whole message).
    if (isOwnDelivered(payload, this.#originPrefix)) return;
    const notification = readNotification(payload);
    if (notification === undefined) {
      this.#logger?.warn({ channel: this.#channel }, 'event hub: a notification this release cannot read was ignored');
      return;
    }
    if (notification.k === 'm') {
      this.#doorbells.ring(notification.b);
      return;
    }
    // Publications and replies from here were delivered here when they were sent.
    if (notification.o === this.#origin) return;
    const kind = notification.k;
    const inline = 'm' in notification ? notification.m : undefined;
    const largeId = 'l' in notification ? notification.l : undefined;
    // Handed on at once when nothing read from a table is still ahead of it (the usual case).
    if (inline !== undefined && this.#inboundWaiting === 0) {
      this.#handOn(kind, inline);
      return;
    }
    this.#inboundWaiting++;
    this.#inbound = this.#inbound
      .then(async () => {
        const message = inline ?? (await this.#readLarge(largeId ?? ''));
        if (message !== undefined) this.#handOn(kind, message);
      })
      .catch((error: unknown) =>
        this.#logger?.warn({ err: error }, 'event hub: a notified message could not be read; it was skipped'),
      )
      .finally(() => {
        this.#inboundWaiting--;
      });
  }

  #handOn(kind: 'p' | 'r', message: HubMessage): void {
    if (kind === 'p') this.#subscribers.deliver(message);
    else this.#requests.deliver(message);
  }

  async #readLarge(id: string): Promise<HubMessage | undefined> {
    const found = await this.#query<{ message: string }>(
      `SELECT message FROM ${this.#tables.largeMessages} WHERE id = $1`,
      [id],
    );
    const text = found.rows[0]?.message;
    return text === undefined ? undefined : (JSON.parse(text) as HubMessage);
  }

  /** Removes requests well past their time-out (their sender is gone) and large messages past retention. */
  async #cleanUp(): Promise<void> {
    if (this.#closed) return;
    await this.#query(`DELETE FROM ${this.#tables.requests} WHERE expires_at < now() - interval '1 minute'`);
    await this.#query(`DELETE FROM ${this.#tables.largeMessages} WHERE created_at < now() - $1 * interval '1 second'`, [
      this.#retentionSeconds,
    ]);
  }

  /**
   * A query as a named prepared statement: the server parses and plans each of the hub's few
   * statements once per connection instead of at every message.
   */
  #query<Row extends pg.QueryResultRow = pg.QueryResultRow>(
    text: string,
    values: unknown[] = [],
  ): Promise<pg.QueryResult<Row>> {
    let name = this.#statementNames.get(text);
    if (name === undefined) {
      name = `orkeon_event_hub_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
      this.#statementNames.set(text, name);
    }
    return this.#pool.query<Row>({ name, text, values });
  }

  #track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) =>
      this.#logger?.warn({ err: error }, 'event hub: clean-up of PostgreSQL rows failed; it runs again later'),
    );
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
  }
}

/** Read through a function: the signal may have fired while a query was awaited. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

interface TakenRow {
  readonly seq: string;
  readonly message: string;
  /** As text: only ever written back (a reader that gave up), never read. */
  readonly posted_at: string;
}
