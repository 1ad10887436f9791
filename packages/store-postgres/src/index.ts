export { addPostgresCheckpointing } from './add-postgres-checkpointing.js';
export { type PostgresStoreErrorCode, postgresStoreErrorCodes } from './errors/error-codes.js';
export { PostgresAuditTrail, type PostgresAuditTrailOptions } from './postgres-audit-trail.js';
export { postgresCheckpointingSettings } from './postgres-checkpointing-settings.js';
export { inTransaction, type PostgresConnectionOptions } from './postgres-connection.js';
export { PostgresDocumentStore, type PostgresDocumentStoreOptions } from './postgres-document-store.js';
export { postgresSchemaVersion } from './postgres-schema.js';
export { PostgresStateStore, type PostgresStateStoreOptions } from './postgres-state-store.js';
export {
  PostgresAuditTrailClosedError,
  PostgresStateStoreOptionsError,
  PostgresStateStoreSetupError,
  PostgresStoreSchemaTooNewError,
} from './postgres-store-errors.js';
