export { addSqliteCheckpointing } from './add-sqlite-checkpointing.js';
export {
  type SqliteSynchronousMode,
  sqliteCheckpointingSettings,
  sqliteSynchronousModes,
} from './sqlite-checkpointing-settings.js';
export { SqliteStateStore, type SqliteStateStoreOptions } from './sqlite-state-store.js';
export { SqliteStateStoreOpenError, SqliteStateStoreOptionError } from './sqlite-store-errors.js';
