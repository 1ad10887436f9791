import { DocumentStoreService, type ServiceCollection, StateStoreService } from '@orkeon/core';
import { SqliteDocumentStore } from './sqlite-document-store.js';
import { SqliteStateStore, type SqliteStateStoreOptions } from './sqlite-state-store.js';

/**
 * Registers, over the given file, a `SqliteStateStore` as the checkpoint state store
 * and a `SqliteDocumentStore` as the document store (A2A task records, crew execution
 * states), each only when the host has not registered its own. They keep separate
 * tables in the one file. The file is opened on first use and closed when the service
 * provider is disposed.
 */
export function addSqliteCheckpointing(
  services: ServiceCollection,
  options: SqliteStateStoreOptions,
): ServiceCollection {
  const { newId: _versionsOnly, ...documentOptions } = options;
  return services
    .tryAddSingleton(StateStoreService, () => new SqliteStateStore(options))
    .tryAddSingleton(DocumentStoreService, () => new SqliteDocumentStore(documentOptions));
}
