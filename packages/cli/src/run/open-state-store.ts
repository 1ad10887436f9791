import type { Configuration } from '@orkeon/core';
import { PostgresStateStore, postgresCheckpointingSettings } from '@orkeon/store-postgres';
import { SqliteStateStore } from '@orkeon/store-sqlite';

/** PostgreSQL when `Svc:Checkpointing:Postgres:ConnectionString` is set (shared by several hosts), else the SQLite file. */
export function openStateStore(
  configuration: Configuration,
  sqlitePath: string,
): SqliteStateStore | PostgresStateStore {
  const postgres = configuration.get(postgresCheckpointingSettings);
  if (postgres.ConnectionString === undefined) return new SqliteStateStore({ path: sqlitePath });
  return new PostgresStateStore({
    connectionString: postgres.ConnectionString,
    schema: postgres.SchemaName,
    maxHistoryPerSession: postgres.MaxHistoryPerSession,
  });
}
