import {
  ChangeFeedService,
  type Configuration,
  ConfigurationError,
  DocumentStoreService,
  type ServiceCollection,
  StateStoreService,
} from '@orkeon/core';
import { PostgresChangeFeed } from './postgres-change-feed.js';
import { postgresCheckpointingSettings } from './postgres-checkpointing-settings.js';
import { PostgresDocumentStore } from './postgres-document-store.js';
import { PostgresStateStore } from './postgres-state-store.js';

/**
 * Registers, from `Svc:Checkpointing:Postgres`, a `PostgresStateStore` as the checkpoint
 * state store, a `PostgresDocumentStore` (same schema, own table) as the document
 * store and a `PostgresChangeFeed` (so that instances on the store hear each other's changes), each only
 * when the host has not registered its own. `ConnectionString` is required;
 * its absence is reported here, at start. Each store's pool is ended when the service
 * provider is disposed.
 */
export function addPostgresCheckpointing(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(postgresCheckpointingSettings);
  const connectionString = settings.ConnectionString;
  if (connectionString === undefined) {
    const key = `${postgresCheckpointingSettings.path}:ConnectionString`;
    throw new ConfigurationError([
      {
        key,
        message: `Setting '${key}' is required by the PostgreSQL checkpoint store: give a connection string such as postgresql://user@host:5432/database (environment variable SVC_Svc__Checkpointing__Postgres__ConnectionString).`,
      },
    ]);
  }
  return services
    .tryAddSingleton(
      StateStoreService,
      () =>
        new PostgresStateStore({
          connectionString,
          schema: settings.SchemaName,
          maxHistoryPerSession: settings.MaxHistoryPerSession,
        }),
    )
    .tryAddSingleton(
      DocumentStoreService,
      () => new PostgresDocumentStore({ connectionString, schema: settings.SchemaName }),
    )
    .tryAddSingleton(
      ChangeFeedService,
      () => new PostgresChangeFeed({ connectionString, schema: settings.SchemaName }),
    );
}
