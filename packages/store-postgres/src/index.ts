export { addPostgresCheckpointing } from './add-postgres-checkpointing.js';
export { type PostgresStoreErrorCode, postgresStoreErrorCodes } from './errors/error-codes.js';
export { NotificationListener, type NotificationListenerOptions } from './notification-listener.js';
export { PostgresAuditTrail, type PostgresAuditTrailOptions } from './postgres-audit-trail.js';
export { PostgresChangeFeed, type PostgresChangeFeedOptions } from './postgres-change-feed.js';
export { postgresCheckpointingSettings } from './postgres-checkpointing-settings.js';
export { inTransaction, type PostgresConnectionOptions } from './postgres-connection.js';
export { PostgresDocumentStore, type PostgresDocumentStoreOptions } from './postgres-document-store.js';
export { postgresSchemaVersion } from './postgres-schema.js';
export { PostgresStateStore, type PostgresStateStoreOptions } from './postgres-state-store.js';
export {
  PostgresAuditTrailClosedError,
  PostgresChangeAnnouncementTooLongError,
  PostgresStateStoreOptionsError,
  PostgresStateStoreSetupError,
  PostgresStoreSchemaTooNewError,
} from './postgres-store-errors.js';
