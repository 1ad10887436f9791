export { addSqliteCheckpointing } from './add-sqlite-checkpointing.js';
export { SqliteStateStore, type SqliteStateStoreOptions } from './sqlite-state-store.js';
export { SqliteStateStoreOpenError } from './sqlite-store-errors.js';
