import type { Configuration } from '@orkeon/core';
import { PostgresAuditTrail, postgresCheckpointingSettings } from '@orkeon/store-postgres';
import { SqliteAuditTrail, sqliteCheckpointingSettings } from '@orkeon/store-sqlite';

/**
 * The audit trail beside the checkpoints: the same PostgreSQL schema when
 * `Svc:Checkpointing:Postgres:ConnectionString` is set, else the same SQLite file, in its
 * own table `audit_records`.
 */
export function openAuditTrail(
  configuration: Configuration,
  sqlitePath: string,
): SqliteAuditTrail | PostgresAuditTrail {
  const postgres = configuration.get(postgresCheckpointingSettings);
  if (postgres.ConnectionString === undefined) {
    const sqlite = configuration.get(sqliteCheckpointingSettings);
    return new SqliteAuditTrail({ path: sqlitePath, synchronous: sqlite.Synchronous });
  }
  return new PostgresAuditTrail({ connectionString: postgres.ConnectionString, schema: postgres.SchemaName });
}
