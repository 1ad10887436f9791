export { addSqliteCheckpointing } from './add-sqlite-checkpointing.js';
export { type AddSvcSqliteMemoryOptions, addSvcSqliteMemory } from './add-svc-sqlite-memory.js';
export { type SqliteStoreErrorCode, sqliteStoreErrorCodes } from './errors/error-codes.js';
export { SqliteAuditTrail, type SqliteAuditTrailOptions } from './sqlite-audit-trail.js';
export {
  type SqliteSynchronousMode,
  sqliteCheckpointingSettings,
  sqliteSynchronousModes,
} from './sqlite-checkpointing-settings.js';
export { SqliteDocumentStore, type SqliteDocumentStoreOptions } from './sqlite-document-store.js';
export { sqliteFileTables } from './sqlite-file-tables.js';
export {
  defaultApproximateFrom,
  SqliteMemoryProvider,
  type SqliteMemoryProviderOptions,
  type SqliteMemoryVectorIndex,
} from './sqlite-memory-provider.js';
export { type SqliteMemorySettings, sqliteMemorySettings } from './sqlite-memory-settings.js';
export { sqliteSchemaVersion } from './sqlite-schema.js';
export { SqliteStateStore, type SqliteStateStoreOptions } from './sqlite-state-store.js';
export {
  SqliteAuditTrailClosedError,
  SqliteMemoryIndexUnavailableError,
  SqliteStateStoreOpenError,
  SqliteStateStoreOptionError,
  SqliteStoreSchemaTooNewError,
} from './sqlite-store-errors.js';
