import {
  Configuration,
  ConfigurationError,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  MemoryProviderUnknownError,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  addSvcRedisMemory,
  RedisMemoryClosedError,
  RedisMemoryProvider,
  RedisMemoryUnavailableError,
  redisMemorySettings,
} from '../src/index.js';
import { recordedWait, useRedisServer } from './redis-test-setup.js';

const password = 'runtime-Secret-42';
const { server, inspect } = useRedisServer({ password });

function configurationOf(tree: SettingsTree): Configuration {
  return Configuration.fromObject(tree, [...coreSettingsSections, redisMemorySettings]);
}

describe('addSvcRedisMemory', () => {
  it('registers the redis store, which createRuntime builds from Svc:Memory:Redis and closes on dispose', async () => {
    const configuration = configurationOf({
      Memory: { Provider: 'redis' },
      Svc: {
        Memory: { Redis: { ConnectionString: server().url, KeyPrefix: 'orkeon:memory:runtime:', Database: 2 } },
      },
    });
    const services = addSvcRedisMemory(new ServiceCollection(), configuration);
    const runtime = await createRuntime({ configuration, services });
    expect(runtime.memory.types).toEqual(['inmemory', 'redis']);
    const memory = await runtime.memory.get();
    expect(memory).toBeInstanceOf(RedisMemoryProvider);
    expect(await runtime.memory.get('Redis')).toBe(memory);
    expect((memory as RedisMemoryProvider).server).toBe(`redis://127.0.0.1:${server().port}/2`);
    await memory.store('ada', createMemoryItem({ content: 'Ada is allergic to nuts.' }));
    await inspect().select(2);
    expect(await inspect().hget('orkeon:memory:runtime:ada', 'content')).toBe('Ada is allergic to nuts.');
    await runtime.dispose();
    await expect(memory.get('ada')).rejects.toBeInstanceOf(RedisMemoryClosedError);
  });

  it('uses the defaults: localhost:6379, orkeon:memory:, database 0', () => {
    const settings = configurationOf({}).get(redisMemorySettings);
    expect(settings).toEqual({
      ConnectionString: 'localhost:6379',
      KeyPrefix: 'orkeon:memory:',
      Database: 0,
      ConnectTimeoutMilliseconds: 5000,
    });
    const provider = new RedisMemoryProvider();
    expect([provider.server, provider.keyPrefix]).toEqual(['redis://localhost:6379/0', 'orkeon:memory:']);
  });

  it('is what makes Memory:Provider = redis start', async () => {
    const configuration = configurationOf({ Memory: { Provider: 'redis' } });
    const error = await createRuntime({ configuration }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MemoryProviderUnknownError);
    expect((error as Error).message).toContain('install @orkeon/memory-redis and call addSvcRedisMemory');
  });

  it('refuses a connection string it cannot read at start, without showing it', () => {
    const secret = 'do-not-show-9';
    const configuration = configurationOf({
      Svc: { Memory: { Redis: { ConnectionString: `redis://:${secret}@host:6379/not-a-number` } } },
    });
    const error = (() => {
      try {
        addSvcRedisMemory(new ServiceCollection(), configuration);
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).problems[0]?.key).toBe('Svc:Memory:Redis:ConnectionString');
    expect((error as Error).message).toMatch(
      /^Setting 'Svc:Memory:Redis:ConnectionString' cannot be used: the connection string's database is not a whole number/,
    );
    expect(JSON.stringify(error) + (error as Error).message).not.toContain(secret);
  });

  it('refuses a key prefix without a closing colon as a setting', () => {
    expect(() => configurationOf({ Svc: { Memory: { Redis: { KeyPrefix: 'orkeon-memory' } } } })).toThrow(
      ConfigurationError,
    );
  });

  it("keeps the password out of the runtime's log lines and errors when the server is gone", async () => {
    const logs = captureLogger();
    const { waits, wait } = recordedWait();
    const url = `redis://:${password}@127.0.0.1:1`;
    const configuration = configurationOf({
      Memory: { Provider: 'redis' },
      Svc: { Memory: { Redis: { ConnectionString: url, ConnectTimeoutMilliseconds: 2000 } } },
    });
    const services = addSvcRedisMemory(new ServiceCollection(), configuration, { wait });
    const runtime = await createRuntime({ configuration, services, logger: logs.logger });
    const memory = await runtime.memory.get();
    const error = await memory.search('nuts').catch((caught: unknown) => caught);
    await runtime.dispose();
    expect(error).toBeInstanceOf(RedisMemoryUnavailableError);
    expect(waits).toEqual([2000, 4000, 8000]);
    expect(logs.records().filter((record) => record.level === 40)).toHaveLength(3);
    logs.logger.error({ err: error }, 'search failed');
    expect(logs.text()).toContain('redis://127.0.0.1:1/0');
    expect(logs.text()).not.toContain(password);
  });
});
