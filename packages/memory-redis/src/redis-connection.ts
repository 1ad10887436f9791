import type { Logger } from '@orkeon/core';
import { type ChainableCommander, Redis, ReplyError } from 'ioredis';
import { displayRedisServer, type RedisServerAddress } from './redis-connection-string.js';
import { RedisMemoryClosedError, RedisMemoryCommandError, RedisMemoryUnavailableError } from './redis-memory-errors.js';

/** How often a command that met a connection failure is tried again, 2^n seconds apart (2, 4, 8). */
export const redisRetries = 3;

export interface RedisConnectionOptions {
  readonly address: RedisServerAddress;
  readonly database: number;
  readonly connectTimeoutMilliseconds: number;
  readonly wait: (milliseconds: number) => Promise<void>;
  readonly logger?: Logger | undefined;
}

/**
 * One ioredis client, connected on first use, and the retry rule every command goes
 * through. ioredis's own reconnecting and offline queue are off: a command meets a
 * dead connection at once, and this class connects again before each retry.
 */
export class RedisConnection {
  /** `redis://host:port/database`: the server as messages and logs show it, never with its credentials. */
  readonly server: string;
  readonly #client: Redis;
  readonly #password: string | undefined;
  readonly #wait: (milliseconds: number) => Promise<void>;
  readonly #connectTimeoutMilliseconds: number;
  readonly #logger: Logger | undefined;
  #connecting: Promise<void> | undefined;
  /** The last failure the client reported; `connect()` itself only says "Connection is closed." */
  #lastError: unknown;
  #closed = false;

  constructor(options: RedisConnectionOptions) {
    const { address, database } = options;
    this.server = displayRedisServer(address, database);
    this.#password = address.password;
    this.#wait = options.wait;
    this.#connectTimeoutMilliseconds = options.connectTimeoutMilliseconds;
    this.#logger = options.logger;
    this.#client = new Redis({
      host: address.host,
      port: address.port,
      db: database,
      ...(address.username === undefined ? {} : { username: address.username }),
      ...(address.password === undefined ? {} : { password: address.password }),
      ...(address.tls ? { tls: { servername: address.host } } : {}),
      connectTimeout: options.connectTimeoutMilliseconds,
      lazyConnect: true,
      // The retry rule is this class's: no reconnecting, queueing or resending inside the client.
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      autoResendUnfulfilledCommands: false,
    });
    this.#client.on('error', (error: unknown) => {
      this.#lastError = error;
    });
  }

  /**
   * Runs `command` on a ready connection, connecting first when there is none. When the
   * connection fails (refused, reset, closed, timed out, the server still loading), the
   * command is tried again after 2, 4 and 8 seconds; after the last retry it fails with
   * `RedisMemoryUnavailableError`. An error the server answers with is not retried
   * (`RedisMemoryCommandError`). `operation` completes "could not …" in messages.
   */
  async run<T>(operation: string, command: (client: Redis) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      this.#ensureOpen();
      try {
        return await command(await this.#connected());
      } catch (error) {
        this.#ensureOpen();
        if (error instanceof RedisMemoryClosedError) throw error;
        const reason = this.#scrubbed(error instanceof Error ? error.message : String(error));
        if (!isConnectionFailure(error)) {
          if (isReplyError(error) || hasCommand(error))
            throw new RedisMemoryCommandError(this.server, operation, reason, this.#safeCause(error, reason));
          throw error;
        }
        if (attempt > redisRetries)
          throw new RedisMemoryUnavailableError(
            this.server,
            operation,
            attempt,
            reason,
            this.#safeCause(error, reason),
          );
        const seconds = 2 ** attempt;
        this.#logger?.warn(
          { server: this.server, operation, retry: attempt, of: redisRetries, waitSeconds: seconds, reason },
          `Redis memory store: could not ${operation} (${reason}); retry ${attempt} of ${redisRetries} in ${seconds} s`,
        );
        await this.#wait(seconds * 1000);
      }
    }
  }

  /** Ends the connection; commands afterwards fail with `RedisMemoryClosedError`. Safe to call twice. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const client = this.#client;
    if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
    else client.disconnect();
  }

  async #connected(): Promise<Redis> {
    const client = this.#client;
    if (client.status === 'ready') return client;
    this.#connecting ??= this.#connect().finally(() => {
      this.#connecting = undefined;
    });
    await this.#connecting;
    return client;
  }

  /**
   * One connection attempt, bounded as a whole (TCP, TLS, sign-in, database, ready check)
   * by the connect timeout: ioredis bounds only the TCP handshake, and a listener that
   * accepts but never answers would hold the attempt forever.
   */
  async #connect(): Promise<void> {
    const client = this.#client;
    await ended(client);
    this.#lastError = undefined;
    const connecting = client.connect();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(resolve, this.#connectTimeoutMilliseconds, 'expired');
    });
    try {
      if ((await Promise.race([connecting, expired])) === 'expired') {
        connecting.catch(() => undefined);
        await ended(client);
        throw Object.assign(
          new Error(`connect ETIMEDOUT: no ready connection within ${this.#connectTimeoutMilliseconds} ms`),
          { code: 'ETIMEDOUT' },
        );
      }
    } catch (error) {
      throw (error as { code?: unknown }).code === 'ETIMEDOUT' ? error : (this.#lastError ?? error);
    } finally {
      clearTimeout(timer);
    }
  }

  #ensureOpen(): void {
    if (this.#closed) throw new RedisMemoryClosedError(this.server);
  }

  /**
   * A copy of a client error fit to travel as a `cause`: its name, its scrubbed message
   * and the socket facts of a system error, nothing else. ioredis hangs the failed
   * command with its arguments on a reply error, and for the sign-in that is `HELLO 3
   * AUTH user password`: a logger printing the cause would print the password.
   */
  #safeCause(error: unknown, reason: string): Error {
    const copy = new Error(reason);
    if (!(error instanceof Error)) return copy;
    copy.name = error.name;
    const facts = error as Partial<Record<'code' | 'errno' | 'syscall' | 'address' | 'port', unknown>>;
    for (const fact of ['code', 'errno', 'syscall', 'address', 'port'] as const) {
      const value = facts[fact];
      if (typeof value === 'string' || typeof value === 'number')
        Object.defineProperty(copy, fact, { value, enumerable: true });
    }
    copy.stack = `${copy.name}: ${reason}`;
    return copy;
  }

  /** `text` without the password, should a library ever put it there. */
  #scrubbed(text: string): string {
    const password = this.#password;
    if (password === undefined || password === '') return text;
    return text.replaceAll(password, '[REDACTED]').replaceAll(encodeURIComponent(password), '[REDACTED]');
  }
}

/**
 * Drops a connection half made or half broken and waits until the client has ended, so
 * that `connect()` may start afresh. The socket is destroyed rather than ended: a peer
 * that never answers would never close its side.
 */
async function ended(client: Redis): Promise<void> {
  if (client.status === 'wait' || client.status === 'end') return;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
    client.once('end', resolve);
  });
  const timer = setTimeout(finish, 2_000);
  client.disconnect();
  client.stream?.destroy();
  await done;
  clearTimeout(timer);
  client.off('end', finish);
}

/** The values of a pipeline or MULTI, throwing the first command's error. */
export async function executed(pipeline: ChainableCommander): Promise<unknown[]> {
  const results = await pipeline.exec();
  if (results === null) throw new Error('The Redis transaction was discarded.');
  return results.map(([error, value]) => {
    if (error !== null && error !== undefined) throw error;
    return value;
  });
}

/** ioredis names the failed command (and its arguments) on the errors it relays. */
function hasCommand(error: unknown): boolean {
  return error instanceof Error && 'command' in error;
}

function isReplyError(error: unknown): boolean {
  return error instanceof ReplyError || (error instanceof Error && error.name === 'ReplyError');
}

/** A failure of the connection rather than an answer of the server; LOADING (a server starting up) counts as one. */
function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (isReplyError(error)) return /^LOADING\b/.test(error.message);
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /Connection is closed|Stream isn't writeable|max retries per request|Socket closed unexpectedly/i.test(
      error.message,
    )
  );
}
