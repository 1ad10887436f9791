import { type AddressInfo, createServer, type Socket } from 'node:net';
import { createMemoryItem } from '@orkeon/core';
import { captureLogger, type RedisServer, startRedisServer } from '@orkeon/testing';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisMemoryCommandError, RedisMemoryProvider, RedisMemoryUnavailableError } from '../src/index.js';
import { recordedWait } from './redis-test-setup.js';

const servers: RedisServer[] = [];
const providers: RedisMemoryProvider[] = [];

afterEach(async () => {
  for (const provider of providers.splice(0)) await provider.close();
  for (const server of servers.splice(0)) await server.stop();
});

async function start(options: Parameters<typeof startRedisServer>[0] = {}): Promise<RedisServer> {
  const server = await startRedisServer(options);
  servers.push(server);
  return server;
}

function open(options: ConstructorParameters<typeof RedisMemoryProvider>[0]): RedisMemoryProvider {
  const provider = new RedisMemoryProvider(options);
  providers.push(provider);
  return provider;
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

const item = createMemoryItem({ content: 'Ada is allergic to nuts.' });

describe('RedisMemoryProvider retries', () => {
  it('tries a command against a closed port once and 3 times more, 2, 4 and 8 s apart, then says so', async () => {
    const port = await closedPort();
    const { waits, wait } = recordedWait();
    const logs = captureLogger();
    const provider = open({ connectionString: `127.0.0.1:${port}`, wait, logger: logs.logger });
    const error = await provider.store('ada', item).catch((caught: unknown) => caught);
    expect(waits).toEqual([2_000, 4_000, 8_000]);
    expect(error).toBeInstanceOf(RedisMemoryUnavailableError);
    expect(error).toMatchObject({ code: 'REDIS_MEMORY_UNAVAILABLE', details: { attempts: 4 } });
    expect((error as Error).message).toBe(
      `The Redis memory store could not store a memory: the server at redis://127.0.0.1:${port}/0 did not answer after 4 attempts (connect ECONNREFUSED 127.0.0.1:${port}). Check that the server runs and that Svc:Memory:Redis:ConnectionString names it.`,
    );
    const retries = logs.records().filter((record) => record.level === 40);
    expect(retries.map((record) => record.msg)).toEqual([
      `Redis memory store: could not store a memory (connect ECONNREFUSED 127.0.0.1:${port}); retry 1 of 3 in 2 s`,
      `Redis memory store: could not store a memory (connect ECONNREFUSED 127.0.0.1:${port}); retry 2 of 3 in 4 s`,
      `Redis memory store: could not store a memory (connect ECONNREFUSED 127.0.0.1:${port}); retry 3 of 3 in 8 s`,
    ]);
    // Each command has its own retries: the next one waits again from 2 s.
    await expect(provider.get('ada')).rejects.toBeInstanceOf(RedisMemoryUnavailableError);
    expect(waits).toEqual([2_000, 4_000, 8_000, 2_000, 4_000, 8_000]);
  });

  it('retries through a server stopped mid-way, and goes on once it is back', async () => {
    const server = await start();
    let restarted: RedisServer | undefined;
    const { waits, wait } = recordedWait(async () => {
      // The server comes back on the same port during the second wait.
      if (waits.length === 2) restarted = await start({ port: server.port });
    });
    const provider = open({ connectionString: server.url, wait });
    await provider.store('before', item);
    expect(waits).toEqual([]);
    await server.stop();
    // No persistence: what the first server held is gone, but the store works again.
    expect(await provider.get('before')).toBeUndefined();
    expect(waits).toEqual([2_000, 4_000]);
    expect(restarted?.port).toBe(server.port);
    await provider.store('after', item);
    expect((await provider.get('after'))?.content).toBe(item.content);
    expect(waits).toEqual([2_000, 4_000]);
  });

  it('gives up on a server stopped mid-way after 3 retries, with a clear error', async () => {
    const server = await start();
    const { waits, wait } = recordedWait();
    const provider = open({ connectionString: server.url, wait });
    await provider.storeWithEmbedding('v', item, [1, 0]);
    await server.stop();
    for (const operation of [
      () => provider.searchSimilar([1, 0]),
      () => provider.search('nuts'),
      () => provider.clear(),
      () => provider.delete('v'),
      () => provider.storeMany([{ key: 'w', item }]),
    ]) {
      waits.length = 0;
      const error = await operation().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedisMemoryUnavailableError);
      expect((error as Error).message).toContain(`the server at redis://127.0.0.1:${server.port}/0 did not answer`);
      expect(waits).toEqual([2_000, 4_000, 8_000]);
    }
  });

  it('counts a listener that never answers as a failed attempt once the connect timeout passes', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const { waits, wait } = recordedWait();
      const provider = open({ connectionString: `127.0.0.1:${port}`, connectTimeoutMilliseconds: 150, wait });
      const error = await provider.get('k').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedisMemoryUnavailableError);
      expect((error as Error).message).toContain(
        'did not answer after 4 attempts (connect ETIMEDOUT: no ready connection within 150 ms)',
      );
      expect(waits).toEqual([2_000, 4_000, 8_000]);
      expect(sockets).toHaveLength(4);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('connects once for many commands that start together, and again for many after a restart', async () => {
    const server = await start();
    const provider = open({ connectionString: server.url, keyPrefix: 'orkeon:memory:many:' });
    const keys = Array.from({ length: 40 }, (_, index) => `k${index}`);
    await Promise.all(keys.map((key) => provider.store(key, item)));
    const clients = async (on: RedisServer) => {
      const inspect = new Redis({ host: on.host, port: on.port });
      try {
        return (await inspect.info('stats')).match(/total_connections_received:(\d+)/)?.[1];
      } finally {
        inspect.disconnect();
      }
    };
    // The store's one connection, and the one looking.
    expect(await clients(server)).toBe('2');
    expect((await provider.search('nuts', 100)).length).toBe(40);
    const { port } = server;
    await server.stop();
    const restarted = await start({ port });
    await Promise.all(keys.map((key) => provider.store(key, item)));
    expect(await clients(restarted)).toBe('2');
  });

  it('does not retry what the server answers with an error', async () => {
    const server = await start({ password: 'right-password-1' });
    const { waits, wait } = recordedWait();
    const provider = open({ connectionString: `redis://:wrong-password-2@127.0.0.1:${server.port}`, wait });
    const error = await provider.get('k').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisMemoryCommandError);
    expect((error as Error).message).toMatch(/^The Redis memory store could not read a memory: .*'WRONGPASS /);
    expect(waits).toEqual([]);
  });
});
