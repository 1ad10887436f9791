import { type ServiceCollection, StateStoreService } from '@orkeon/core';
import { SqliteStateStore, type SqliteStateStoreOptions } from './sqlite-state-store.js';

/**
 * Registers a `SqliteStateStore` over the given file as the checkpoint state store,
 * when the host has not registered one. The file is opened on first use and closed
 * when the service provider is disposed.
 */
export function addSqliteCheckpointing(
  services: ServiceCollection,
  options: SqliteStateStoreOptions,
): ServiceCollection {
  return services.tryAddSingleton(StateStoreService, () => new SqliteStateStore(options));
}
