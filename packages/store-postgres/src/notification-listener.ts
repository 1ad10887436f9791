import type { Logger } from '@orkeon/core';
import pg from 'pg';

export interface NotificationListenerOptions {
  readonly connection: pg.ClientConfig;
  /** The channels listened to from the start; `listen` adds more. */
  readonly channels: readonly string[];
  readonly onNotification: (payload: string) => void;
  /** Called after a lost connection is back: notifications sent meanwhile were missed. */
  readonly onReconnected: () => void;
  readonly logger?: Logger;
  /** Who listens, in the log lines of a lost connection: `event hub`, `change feed`. */
  readonly label?: string;
}

const firstRetryMilliseconds = 100;
const longestRetryMilliseconds = 5_000;

/**
 * The connection that LISTENs on a set of channels (the event hub's, the change feed's). Notifications need a connection of
 * their own (a pooled one is shared and released), and it is opened again, with growing
 * pauses, when the server drops it, listening again to every channel it had.
 */
export class NotificationListener {
  readonly #options: NotificationListenerOptions;
  /** Every channel listened to (or being added), in the order they were added. */
  readonly #channels = new Set<string>();
  /** Channels added with `listen`, each once: resolves when its LISTEN is done (or its connection lost). */
  readonly #added = new Map<string, Promise<void>>();
  #client: pg.Client | undefined;
  /** The last LISTEN sent on the current connection. */
  #listening: Promise<void> = Promise.resolve();
  #closed = false;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #retryMilliseconds = firstRetryMilliseconds;

  constructor(options: NotificationListenerOptions) {
    this.#options = options;
    for (const channel of options.channels) this.#channels.add(channel);
  }

  /**
   * Listens to one more channel; resolves once notifications on it are heard (at once when it
   * was already added). While the connection is being opened again, the reconnection listens to it.
   */
  listen(channel: string): Promise<void> {
    let added = this.#added.get(channel);
    if (added === undefined) {
      this.#channels.add(channel);
      const client = this.#client;
      // A LISTEN fails only with its connection: the reconnection listens to every channel and
      // then `onReconnected` sends the readers to the table, so nothing announced meanwhile is missed.
      // One LISTEN at a time on the connection: `pg` deprecates a query sent while one runs.
      added =
        client === undefined
          ? Promise.resolve()
          : this.#listening.then(() =>
              client.query(`LISTEN "${channel}"`).then(
                () => undefined,
                () => undefined,
              ),
            );
      this.#listening = added;
      this.#added.set(channel, added);
    }
    return added;
  }

  /** Connects and listens; rejects when the first connection fails. */
  async start(): Promise<void> {
    await this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer !== undefined) clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    const client = new pg.Client(this.#options.connection);
    client.on('notification', (notification) => {
      if (notification.payload !== undefined && this.#channels.has(notification.channel))
        this.#options.onNotification(notification.payload);
    });
    // A dropped connection reports 'error' then 'end'; either starts the reconnection once. Before it
    // listens, a failure is the caller's (the rejection), not a loss.
    let live = false;
    let lost = false;
    const onLost = (error?: Error) => {
      if (!live || lost || this.#closed) return;
      lost = true;
      this.#options.logger?.warn(
        { err: error },
        `${this.#options.label ?? 'notifications'}: the PostgreSQL notification connection was lost; reconnecting`,
      );
      this.#client = undefined;
      this.#scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    await client.connect();
    try {
      for (const channel of this.#channels) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.#client = client;
    this.#listening = Promise.resolve();
    live = true;
  }

  #scheduleReconnect(): void {
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#connect().then(
        () => {
          this.#retryMilliseconds = firstRetryMilliseconds;
          if (!this.#closed) this.#options.onReconnected();
        },
        (error: unknown) => {
          this.#options.logger?.warn(
            { err: error, retryInMs: this.#retryMilliseconds },
            `${this.#options.label ?? 'notifications'}: reconnecting to PostgreSQL for notifications failed; trying again`,
          );
          this.#retryMilliseconds = Math.min(this.#retryMilliseconds * 2, longestRetryMilliseconds);
          if (!this.#closed) this.#scheduleReconnect();
        },
      );
    }, this.#retryMilliseconds);
    this.#retryTimer.unref();
  }
}
