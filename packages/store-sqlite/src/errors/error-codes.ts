/** Every error code of `@orkeon/store-sqlite`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const sqliteStoreErrorCodes = {
  SQLITE_STORE_OPEN_FAILED:
    'The database file cannot be opened or prepared: give a path to a new or existing SQLite file in a writable folder.',
  SQLITE_STORE_OPTION_INVALID:
    'An option of the SQLite store has a value it cannot use: the message says what is allowed.',
  SQLITE_MEMORY_INDEX_UNAVAILABLE:
    'The SQLite memory store is set to an approximate (HNSW) vector index and its library cannot load: install `usearch` beside Orkeon, or set `Svc:Memory:Sqlite:VectorIndex` to `exact`.',
  SQLITE_AUDIT_TRAIL_CLOSED:
    'The SQLite audit trail was used after `close()`: open a new `SqliteAuditTrail`, or close it only when the program ends.',
  SQLITE_STORE_SCHEMA_TOO_NEW:
    'The file was written by a later Orkeon release with a newer layout: upgrade Orkeon, or give another file (`--state`).',
} as const;

export type SqliteStoreErrorCode = keyof typeof sqliteStoreErrorCodes;
