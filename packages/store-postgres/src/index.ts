export { addPostgresCheckpointing } from './add-postgres-checkpointing.js';
export { postgresCheckpointingSettings } from './postgres-checkpointing-settings.js';
export { PostgresStateStore, type PostgresStateStoreOptions } from './postgres-state-store.js';
export { PostgresStateStoreOptionsError, PostgresStateStoreSetupError } from './postgres-store-errors.js';
