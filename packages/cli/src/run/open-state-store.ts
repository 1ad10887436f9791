import type { Configuration } from '@orkeon/core';
import type { PostgresStateStore } from '@orkeon/store-postgres';
import { SqliteStateStore, sqliteCheckpointingSettings } from '@orkeon/store-sqlite';
import type { PostgresStores } from './postgres-stores.js';

/** PostgreSQL when `Svc:Checkpointing:Postgres:ConnectionString` is set (shared by several hosts), else the SQLite file. */
export function openStateStore(
  configuration: Configuration,
  sqlitePath: string,
  postgres: PostgresStores | undefined,
): SqliteStateStore | PostgresStateStore {
  if (postgres === undefined) {
    const sqlite = configuration.get(sqliteCheckpointingSettings);
    return new SqliteStateStore({ path: sqlitePath, synchronous: sqlite.Synchronous });
  }
  return new postgres.stores.PostgresStateStore({
    connectionString: postgres.connectionString,
    schema: postgres.schema,
    maxHistoryPerSession: postgres.maxHistoryPerSession,
  });
}
