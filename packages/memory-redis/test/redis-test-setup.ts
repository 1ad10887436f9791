import { type RedisServer, type StartRedisServerOptions, startRedisServer } from '@orkeon/testing';
import { Redis } from 'ioredis';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real redis-server for the test file: started before its tests, stopped after them.
 * `server()` is the running server; `inspect()` a plain ioredis client on it, for looking
 * at what the store wrote (closed with the server).
 */
export function useRedisServer(options: StartRedisServerOptions = {}): {
  server: () => RedisServer;
  inspect: () => Redis;
} {
  let server: RedisServer | undefined;
  let client: Redis | undefined;
  beforeAll(async () => {
    server = await startRedisServer(options);
  });
  afterAll(async () => {
    client?.disconnect();
    await server?.stop();
  });
  return {
    server: () => server as RedisServer,
    inspect: () => {
      const running = server as RedisServer;
      client ??= new Redis({ host: running.host, port: running.port, ...passwordOf(options), lazyConnect: false });
      return client;
    },
  };
}

function passwordOf(options: StartRedisServerOptions): { password?: string } {
  return options.password === undefined ? {} : { password: options.password };
}

/** A wait that records what it was asked for and returns at once. */
export function recordedWait(onWait: (milliseconds: number) => Promise<void> | void = () => undefined) {
  const waits: number[] = [];
  const wait = async (milliseconds: number) => {
    waits.push(milliseconds);
    await onWait(milliseconds);
  };
  return { waits, wait };
}
