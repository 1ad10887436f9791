import type { Configuration } from '@orkeon/core';
import type { PostgresAuditTrail } from '@orkeon/store-postgres';
import { SqliteAuditTrail, sqliteCheckpointingSettings } from '@orkeon/store-sqlite';
import type { PostgresStores } from './postgres-stores.js';

/**
 * The audit trail beside the checkpoints: the same PostgreSQL schema when
 * `Svc:Checkpointing:Postgres:ConnectionString` is set, else the same SQLite file, in its
 * own table `audit_records`.
 */
export function openAuditTrail(
  configuration: Configuration,
  sqlitePath: string,
  postgres: PostgresStores | undefined,
): SqliteAuditTrail | PostgresAuditTrail {
  if (postgres === undefined) {
    const sqlite = configuration.get(sqliteCheckpointingSettings);
    return new SqliteAuditTrail({ path: sqlitePath, synchronous: sqlite.Synchronous });
  }
  return new postgres.stores.PostgresAuditTrail({
    connectionString: postgres.connectionString,
    schema: postgres.schema,
  });
}
