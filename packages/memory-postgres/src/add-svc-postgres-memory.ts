import {
  type Configuration,
  ConfigurationError,
  MemoryStoreFactoryService,
  type ServiceCollection,
} from '@orkeon/core';
import { checkedConnectionString } from './postgres-connection-target.js';
import { PostgresMemoryOptionsError } from './postgres-memory-errors.js';
import { postgresMemorySettings } from './postgres-memory-settings.js';

/**
 * Offers the PostgreSQL memory store as the `postgres` type of `Memory:Provider` and
 * crews' `memoryProvider` (core resolves the aliases `pgvector` and `postgresql`), built
 * from `Svc:Memory:Postgres`. A missing or unreadable `ConnectionString` refuses the start
 * here, before anything connects, without quoting it. The store is built, and its table
 * prepared, when a crew or agent first remembers; the runtime closes it when disposed.
 */
export function addSvcPostgresMemory(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(postgresMemorySettings);
  const key = `${postgresMemorySettings.path}:ConnectionString`;
  const connectionString = settings.ConnectionString;
  if (connectionString === undefined)
    throw new ConfigurationError([
      {
        key,
        message: `Setting '${key}' is required by the PostgreSQL memory store: give a connection URL such as postgresql://user:password@host:5432/database (environment variable SVC_Svc__Memory__Postgres__ConnectionString).`,
      },
    ]);
  try {
    checkedConnectionString(connectionString);
  } catch (error) {
    if (!PostgresMemoryOptionsError.isInstance(error)) throw error;
    throw new ConfigurationError([{ key, message: `Setting '${key}' cannot be used: ${error.message}` }], {
      cause: error,
    });
  }
  return services.add(MemoryStoreFactoryService, 'singleton', () => ({
    type: 'postgres',
    aliases: ['pgvector', 'postgresql'],
    create: async ({ logger }) => {
      // The driver loads when the store is first used, not when the package is.
      const { PostgresMemoryProvider } = await import('./postgres-memory-provider.js');
      const provider = new PostgresMemoryProvider({
        connectionString,
        table: settings.Table,
        vectorIndex: settings.VectorIndex,
        maxConnections: settings.MaxConnections,
        logger,
        ...(settings.Dimensions === undefined ? {} : { dimensions: settings.Dimensions }),
      });
      try {
        await provider.start();
      } catch (error) {
        await provider.close();
        throw error;
      }
      return provider;
    },
  }));
}
