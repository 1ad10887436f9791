import {
  type Configuration,
  ConfigurationError,
  MemoryStoreFactoryService,
  type ServiceCollection,
} from '@orkeon/core';
import { parseRedisConnectionString } from './redis-connection-string.js';
import { RedisMemoryOptionsError } from './redis-memory-errors.js';
import type { RedisMemoryProviderOptions } from './redis-memory-provider.js';
import { redisMemorySettings } from './redis-memory-settings.js';

/**
 * Registers the `redis` memory store, built from `Svc:Memory:Redis` when a crew or agent
 * first remembers in it (`Memory:Provider` = `redis`, or a crew's `memoryProvider`). A
 * connection string the store cannot read refuses the start here, before anything
 * connects, and without quoting it. The runtime closes the store when it is disposed.
 * `wait` replaces the timer between retries (tests).
 */
export function addSvcRedisMemory(
  services: ServiceCollection,
  configuration: Configuration,
  options: Pick<RedisMemoryProviderOptions, 'wait'> = {},
): ServiceCollection {
  const settings = configuration.get(redisMemorySettings);
  const key = `${redisMemorySettings.path}:ConnectionString`;
  try {
    parseRedisConnectionString(settings.ConnectionString);
  } catch (error) {
    if (!RedisMemoryOptionsError.isInstance(error)) throw error;
    throw new ConfigurationError([{ key, message: `Setting '${key}' cannot be used: ${error.problem}.` }], {
      cause: error,
    });
  }
  return services.addInstance(MemoryStoreFactoryService, {
    type: 'redis',
    // The client loads when the store is first used, not when the package is.
    create: async ({ logger }) => {
      const { RedisMemoryProvider } = await import('./redis-memory-provider.js');
      return new RedisMemoryProvider({
        connectionString: settings.ConnectionString,
        keyPrefix: settings.KeyPrefix,
        database: settings.Database,
        connectTimeoutMilliseconds: settings.ConnectTimeoutMilliseconds,
        logger,
        ...(options.wait === undefined ? {} : { wait: options.wait }),
      });
    },
  });
}
