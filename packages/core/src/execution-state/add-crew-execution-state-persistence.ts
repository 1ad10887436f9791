import type { Configuration } from '../config/configuration.js';
import { DocumentStoreService } from '../documents/document-store.js';
import { createLogger, LoggerService } from '../logging/logger.js';
import type { ServiceCollection } from '../services/service-collection.js';
import { CrewExecutionStateManager, CrewExecutionStateManagerService } from './crew-execution-state-manager.js';
import { crewExecutionStatePersistenceSettings } from './execution-state-settings.js';

/**
 * Registers the `CrewExecutionStateManager` (Beta), when the host has not. With
 * `Svc:ExecutionState:Persistence:Enabled = true` it persists through the registered
 * `DocumentStore` (collection `crew-executions`); without the flag, states live in
 * memory only. Enabled with no `DocumentStore` registered, one warning is logged when the manager is built and
 * memory is used. The store may be registered before or after this call.
 */
export function addCrewExecutionStatePersistence(
  services: ServiceCollection,
  configuration: Configuration,
): ServiceCollection {
  const settings = configuration.get(crewExecutionStatePersistenceSettings);
  return services.tryAddSingleton(CrewExecutionStateManagerService, (resolver) => {
    if (!settings.Enabled) return new CrewExecutionStateManager();
    const store = resolver.tryGet(DocumentStoreService);
    if (store === undefined) {
      const logger = resolver.tryGet(LoggerService) ?? createLogger();
      logger.warn(
        { setting: `${crewExecutionStatePersistenceSettings.path}:Enabled` },
        'Crew execution state persistence is enabled but no DocumentStore is registered; execution states are kept in memory only. Register one (addDocumentStore, addSqliteCheckpointing or addPostgresCheckpointing).',
      );
      return new CrewExecutionStateManager();
    }
    return new CrewExecutionStateManager({ store, deleteFromStoreOnArchive: settings.DeleteFromStoreOnArchive });
  });
}
