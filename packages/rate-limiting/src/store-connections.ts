import type { Logger } from '@orkeon/core';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { RateLimitingStoreClosedError } from './rate-limiting-errors.js';

/** A server as messages show it: scheme, host, port and database, never the user name or password. */
export function displayServer(connectionString: string): string {
  if (!URL.canParse(connectionString)) return 'the configured server';
  const url = new URL(connectionString);
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/**
 * The clients of the shared stores, opened on first use (ioredis and pg are loaded only
 * then) and one per connection string, so the windows and the counters on the same server
 * share it. Closing ends them all; a store used afterwards fails with `RATE_LIMITING_STORE_CLOSED`.
 */
export class StoreConnections implements AsyncDisposable {
  readonly #logger: Logger | undefined;
  readonly #redis = new Map<string, Promise<Redis>>();
  readonly #postgres = new Map<string, Promise<pg.Pool>>();
  #closed = false;

  constructor(options: { readonly logger?: Logger | undefined } = {}) {
    this.#logger = options.logger;
  }

  redis(connectionString: string): Promise<Redis> {
    this.#ensureOpen();
    let client = this.#redis.get(connectionString);
    if (client === undefined) {
      client = this.#openRedis(connectionString);
      this.#redis.set(connectionString, client);
    }
    return client;
  }

  postgres(connectionString: string): Promise<pg.Pool> {
    this.#ensureOpen();
    let pool = this.#postgres.get(connectionString);
    if (pool === undefined) {
      pool = this.#openPostgres(connectionString);
      this.#postgres.set(connectionString, pool);
    }
    return pool;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const redis = [...this.#redis.values()].map(async (opening) => {
      const client = await opening;
      // A client still connecting (or reconnecting to a server that is down) is dropped at once.
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    });
    const postgres = [...this.#postgres.values()].map(async (opening) => (await opening).end());
    await Promise.allSettled([...redis, ...postgres]);
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #openRedis(connectionString: string): Promise<Redis> {
    const { Redis } = await import('ioredis');
    const client = new Redis(connectionString, {
      lazyConnect: true,
      connectTimeout: 5_000,
      // A command meets a down server after one reconnection attempt instead of waiting in a queue.
      maxRetriesPerRequest: 1,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    // Without a listener ioredis prints each connection error; the failing command reports it instead.
    client.on('error', (error: unknown) =>
      this.#logger?.debug({ server: displayServer(connectionString), err: error }, 'rate limiting store: Redis error'),
    );
    return client;
  }

  async #openPostgres(connectionString: string): Promise<pg.Pool> {
    const { default: postgres } = await import('pg');
    const pool = new postgres.Pool({ connectionString, max: 4, connectionTimeoutMillis: 5_000 });
    pool.on('error', (error) =>
      this.#logger?.debug(
        { server: displayServer(connectionString), err: error },
        'rate limiting store: idle PostgreSQL connection failed',
      ),
    );
    return pool;
  }

  #ensureOpen(): void {
    if (this.#closed) throw new RateLimitingStoreClosedError();
  }
}
