import { existsSync } from 'node:fs';
import { RedisNotInstalledError, RedisStartError, startRedisServer } from '@orkeon/testing';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';

describe('startRedisServer (@orkeon/testing)', () => {
  it('starts redis-server on loopback in a temporary folder, keeping nothing, and cleans up on stop', async () => {
    await using server = await startRedisServer();
    expect(server.host).toBe('127.0.0.1');
    expect(server.url).toBe(`redis://127.0.0.1:${server.port}`);
    const client = new Redis({ host: server.host, port: server.port });
    try {
      expect(await client.ping()).toBe('PONG');
      expect(await client.config('GET', 'save')).toEqual(['save', '']);
      expect(await client.config('GET', 'appendonly')).toEqual(['appendonly', 'no']);
      expect(await client.config('GET', 'bind')).toEqual(['bind', '127.0.0.1']);
      expect(await client.config('GET', 'dir')).toEqual(['dir', server.directory]);
    } finally {
      client.disconnect();
    }
    expect(existsSync(server.directory)).toBe(true);
    await server.stop();
    await server.stop();
    expect(existsSync(server.directory)).toBe(false);
    const after = new Redis({ host: server.host, port: server.port, lazyConnect: true, retryStrategy: () => null });
    const refused: Error[] = [];
    after.on('error', (error: Error) => refused.push(error));
    await expect(after.connect()).rejects.toThrow();
    expect(refused.map((error) => error.message)).toEqual([`connect ECONNREFUSED 127.0.0.1:${server.port}`]);
  });

  it('asks for a password when given one', async () => {
    await using server = await startRedisServer({ password: 'with "quotes" and spaces' });
    const anonymous = new Redis({ host: server.host, port: server.port, lazyConnect: true, retryStrategy: () => null });
    anonymous.on('error', () => undefined);
    await expect(anonymous.connect()).rejects.toThrow();
    anonymous.disconnect();
    const signedIn = new Redis(server.url);
    expect(await signedIn.ping()).toBe('PONG');
    signedIn.disconnect();
  });

  it('says what to install when redis-server is missing', async () => {
    const error = await startRedisServer({ program: '/nowhere/redis-server' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisNotInstalledError);
    expect(error).toMatchObject({ code: 'REDIS_NOT_INSTALLED' });
    expect((error as Error).message).toContain('apt-get install -y --no-install-recommends redis-server');
  });

  it('fails with the server log when the port it is given is taken', async () => {
    await using first = await startRedisServer();
    const error = await startRedisServer({ port: first.port }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RedisStartError);
    expect((error as Error).message).toMatch(/Address already in use/i);
  });
});
