import { createServer } from 'node:net';
import { createMemoryItem, OrkeonError } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRedisConnectionString, RedisMemoryProvider } from '../src/index.js';
import { recordedWait, useRedisServer } from './redis-test-setup.js';

const password = 'Pa55-w0rd:with@signs';
const encoded = encodeURIComponent(password);
const { server } = useRedisServer({ password });

function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** Everything an error shows: message, details, JSON, and the same of its causes. */
function everythingShown(error: unknown): string {
  const parts: string[] = [];
  for (let current = error; current instanceof Error; current = current.cause) {
    parts.push(current.message, String(current.stack), JSON.stringify(current));
    if (OrkeonError.isInstance(current)) parts.push(JSON.stringify(current.details ?? {}));
  }
  return parts.join('\n');
}

describe('a password in the connection string', () => {
  it('signs in, in both spellings', async () => {
    const url = new RedisMemoryProvider({ connectionString: `redis://:${encoded}@127.0.0.1:${server().port}` });
    const pairs = new RedisMemoryProvider({
      connectionString: `127.0.0.1:${server().port},password=${password}`,
      keyPrefix: 'orkeon:memory:pairs:',
    });
    try {
      await url.store('k', createMemoryItem({ content: 'signed in' }));
      expect((await url.get('k'))?.content).toBe('signed in');
      expect(url.server).toBe(`redis://127.0.0.1:${server().port}/0`);
      await pairs.store('k', createMemoryItem({ content: 'also signed in' }));
      expect((await pairs.get('k'))?.content).toBe('also signed in');
    } finally {
      await url.close();
      await pairs.close();
    }
  });

  it('is absent from the error and the log lines when the server cannot be reached', async () => {
    const port = await closedPort();
    const logs = captureLogger();
    const { wait } = recordedWait();
    for (const connectionString of [
      `redis://admin:${encoded}@127.0.0.1:${port}/3`,
      `127.0.0.1:${port},user=admin,password=${password}`,
    ]) {
      const provider = new RedisMemoryProvider({ connectionString, wait, logger: logs.logger });
      const error = await provider.search('anything').catch((caught: unknown) => caught);
      await provider.close();
      expect(error).toMatchObject({ code: 'REDIS_MEMORY_UNAVAILABLE' });
      expect((error as Error).message).toContain(`redis://127.0.0.1:${port}/`);
      const shown = everythingShown(error);
      expect(shown).not.toContain(password);
      expect(shown).not.toContain(encoded);
      expect(shown).not.toContain('Pa55');
      expect(shown).not.toContain('admin');
    }
    expect(logs.records().length).toBe(6);
    expect(logs.text()).not.toContain('Pa55');
  });

  it('is absent from the error when the server refuses it', async () => {
    const wrong = 'Wr0ng-Secret-99';
    const provider = new RedisMemoryProvider({ connectionString: `redis://:${wrong}@127.0.0.1:${server().port}` });
    const error = await provider.get('k').catch((caught: unknown) => caught);
    await provider.close();
    expect(error).toMatchObject({ code: 'REDIS_MEMORY_COMMAND_FAILED' });
    expect((error as Error).message).toContain('WRONGPASS');
    expect(everythingShown(error)).not.toContain(wrong);
    // A logger prints the error with its causes, every field of them.
    const logs = captureLogger();
    logs.logger.error({ err: error }, 'memory failed');
    expect(logs.text()).toContain('WRONGPASS');
    expect(logs.text()).not.toContain(wrong);
  });

  it('is absent from the error a connection string the store cannot read gives', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{6,20}$/).map((text) => `Qz7${text}`),
        fc.constantFrom(
          (secret: string) => `redis://:${secret}@host:99999`,
          (secret: string) => `redis://:${secret}@host:6379/not-a-number`,
          (secret: string) => `redis://:${secret}@host:6379?password=x`,
          (secret: string) => `http://:${secret}@host:6379`,
          (secret: string) => `redis://:${secret}%zz@host:6379`,
          (secret: string) => `host:6379,password=${secret},ssl=maybe`,
          (secret: string) => `host:6379,password=${secret},connectTimeout=10`,
          (secret: string) => `host:6379,other-host:6380,password=${secret}`,
          (secret: string) => `user:${secret}@host:6379`,
        ),
        (secret, shape) => {
          let thrown: unknown;
          try {
            parseRedisConnectionString(shape(secret));
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toMatchObject({ code: 'REDIS_MEMORY_OPTIONS_INVALID' });
          expect(everythingShown(thrown)).not.toContain(secret);
        },
      ),
    );
  });
});
