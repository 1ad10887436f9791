import type { Configuration } from '@orkeon/core';
import type { PostgresDocumentStore } from '@orkeon/store-postgres';
import { SqliteDocumentStore, sqliteCheckpointingSettings } from '@orkeon/store-sqlite';
import type { PostgresStores } from './postgres-stores.js';

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
  postgres: PostgresStores | undefined,
): SqliteDocumentStore | PostgresDocumentStore {
  if (postgres === undefined) {
    const sqlite = configuration.get(sqliteCheckpointingSettings);
    return new SqliteDocumentStore({ path: sqlitePath, synchronous: sqlite.Synchronous });
  }
  return new postgres.stores.PostgresDocumentStore({
    connectionString: postgres.connectionString,
    schema: postgres.schema,
  });
}
