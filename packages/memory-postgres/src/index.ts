export { addSvcPostgresMemory } from './add-svc-postgres-memory.js';
export { type PostgresMemoryErrorCode, postgresMemoryErrorCodes } from './errors/error-codes.js';
export { memoryStorePackage } from './memory-store-package.js';
export { defaultMemoryTableName } from './memory-table-names.js';
export {
  PostgresMemoryClosedError,
  PostgresMemoryDimensionsConflictError,
  PostgresMemoryOptionsError,
  PostgresMemorySchemaTooNewError,
  PostgresMemorySetupError,
} from './postgres-memory-errors.js';
export type { PostgresMemoryProviderOptions } from './postgres-memory-options.js';
export { PostgresMemoryProvider } from './postgres-memory-provider.js';
export { postgresMemorySchemaVersion } from './postgres-memory-schema.js';
export { type PostgresMemorySettings, postgresMemorySettings } from './postgres-memory-settings.js';
export { type PostgresVectorIndexKind, postgresVectorIndexKinds } from './vector-storage.js';
