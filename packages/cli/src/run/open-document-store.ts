import type { Configuration } from '@orkeon/core';
import { PostgresDocumentStore, postgresCheckpointingSettings } from '@orkeon/store-postgres';
import { SqliteDocumentStore, sqliteCheckpointingSettings } from '@orkeon/store-sqlite';

/**
 * The document store (A2A task records, crew execution states) beside the checkpoint
 * store of `openStateStore`: the same PostgreSQL schema when
 * `Svc:Checkpointing:Postgres:ConnectionString` is set, else the same SQLite file, in
 * its own table. Either store migrates a file or schema of an older release when it
 * opens it.
 */
export function openDocumentStore(
  configuration: Configuration,
  sqlitePath: string,
): SqliteDocumentStore | PostgresDocumentStore {
  const postgres = configuration.get(postgresCheckpointingSettings);
  if (postgres.ConnectionString === undefined) {
    const sqlite = configuration.get(sqliteCheckpointingSettings);
    return new SqliteDocumentStore({ path: sqlitePath, synchronous: sqlite.Synchronous });
  }
  return new PostgresDocumentStore({ connectionString: postgres.ConnectionString, schema: postgres.SchemaName });
}
