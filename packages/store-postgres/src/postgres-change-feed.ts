import type { ChangeFeed, Logger } from '@orkeon/core';
import { NotificationListener } from './notification-listener.js';
import {
  openPostgresConnection,
  type PostgresConnection,
  type PostgresConnectionOptions,
} from './postgres-connection.js';
import { PostgresChangeAnnouncementTooLongError } from './postgres-store-errors.js';

export interface PostgresChangeFeedOptions extends PostgresConnectionOptions {
  readonly logger?: Logger;
}

/** PostgreSQL's limit on a NOTIFY payload, in bytes (less one). */
const maxPayloadBytes = 7_999;

/**
 * The change feed of every process on one PostgreSQL database and schema, over LISTEN/NOTIFY: one
 * notification channel per schema (`orkeon_feed_<schema>`), the feed's own channel and key in the payload.
 * The LISTEN connection is opened at the first `follow` and opened again when the server drops it, after
 * which each follower's `onGap` runs (announcements made meanwhile were missed).
 */
export class PostgresChangeFeed implements ChangeFeed, AsyncDisposable {
  readonly #connection: PostgresConnection;
  readonly #channel: string;
  readonly #listener: NotificationListener;
  readonly #followers = new Map<string, Set<(key: string) => void>>();
  readonly #gaps = new Set<() => void>();
  #listening: Promise<void> | undefined;

  constructor(options: PostgresChangeFeedOptions) {
    this.#connection = openPostgresConnection(options);
    this.#channel = `orkeon_feed_${this.#connection.schema}`.slice(0, 63);
    this.#listener = new NotificationListener({
      connection: options.pool?.options ?? { connectionString: options.connectionString },
      channels: [this.#channel],
      onNotification: (payload) => this.#deliver(payload),
      onReconnected: () => {
        for (const gap of this.#gaps) gap();
      },
      label: 'change feed',
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    });
  }

  async announce(channel: string, key: string): Promise<void> {
    const payload = JSON.stringify({ c: channel, k: key });
    const bytes = Buffer.byteLength(payload);
    if (bytes > maxPayloadBytes) throw new PostgresChangeAnnouncementTooLongError(channel, bytes, maxPayloadBytes);
    await this.#connection.pool.query('SELECT pg_notify($1, $2)', [this.#channel, payload]);
  }

  async follow(channel: string, onChange: (key: string) => void, onGap?: () => void): Promise<() => void> {
    let followers = this.#followers.get(channel);
    if (followers === undefined) {
      followers = new Set();
      this.#followers.set(channel, followers);
    }
    const own = (key: string) => onChange(key);
    const gap = onGap === undefined ? undefined : () => onGap();
    followers.add(own);
    if (gap !== undefined) this.#gaps.add(gap);
    const stop = () => {
      followers.delete(own);
      if (gap !== undefined) this.#gaps.delete(gap);
    };
    try {
      this.#listening ??= this.#listener.start();
      await this.#listening;
    } catch (error) {
      this.#listening = undefined;
      stop();
      throw error;
    }
    return stop;
  }

  async close(): Promise<void> {
    await this.#listener.close();
    if (this.#connection.ownsPool) await this.#connection.pool.end().catch(() => undefined);
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #deliver(payload: string): void {
    let message: { c?: unknown; k?: unknown };
    try {
      message = JSON.parse(payload) as { c?: unknown; k?: unknown };
    } catch {
      return;
    }
    if (typeof message.c !== 'string' || typeof message.k !== 'string') return;
    for (const follower of this.#followers.get(message.c) ?? []) follower(message.k);
  }
}
