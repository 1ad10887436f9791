import type { Configuration } from '@orkeon/core';
import { postgresCheckpointingSettings } from '@orkeon/store-postgres/settings';

/** The PostgreSQL stores' package and where they keep their tables (`Svc:Checkpointing:Postgres`). */
export interface PostgresStores {
  readonly stores: typeof import('@orkeon/store-postgres');
  readonly connectionString: string;
  readonly schema: string;
  readonly maxHistoryPerSession: number;
}

/**
 * The PostgreSQL stores when `Svc:Checkpointing:Postgres:ConnectionString` is set, else undefined
 * (the SQLite file): the package and its client load only for a host that uses them.
 */
export async function postgresStoresFor(configuration: Configuration): Promise<PostgresStores | undefined> {
  const settings = configuration.get(postgresCheckpointingSettings);
  if (settings.ConnectionString === undefined) return undefined;
  return {
    stores: await import('@orkeon/store-postgres'),
    connectionString: settings.ConnectionString,
    schema: settings.SchemaName,
    maxHistoryPerSession: settings.MaxHistoryPerSession,
  };
}
