import type { Configuration } from '@orkeon/core';
import { PostgresStateStore, postgresCheckpointingSettings } from '@orkeon/store-postgres';
import { SqliteStateStore, sqliteCheckpointingSettings } from '@orkeon/store-sqlite';

/** PostgreSQL when `Svc:Checkpointing:Postgres:ConnectionString` is set (shared by several hosts), else the SQLite file. */
export function openStateStore(
  configuration: Configuration,
  sqlitePath: string,
): SqliteStateStore | PostgresStateStore {
  const postgres = configuration.get(postgresCheckpointingSettings);
  if (postgres.ConnectionString === undefined) {
    const sqlite = configuration.get(sqliteCheckpointingSettings);
    return new SqliteStateStore({ path: sqlitePath, synchronous: sqlite.Synchronous });
  }
  return new PostgresStateStore({
    connectionString: postgres.ConnectionString,
    schema: postgres.SchemaName,
    maxHistoryPerSession: postgres.MaxHistoryPerSession,
  });
}
