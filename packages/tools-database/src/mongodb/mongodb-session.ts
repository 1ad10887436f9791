import type * as MongoDb from 'mongodb';
import type { DatabaseConnection } from '../connections/database-connection.js';
import { loadOptionalPackage, type PackageImporter } from '../connections/optional-package.js';

export type MongoDbModule = typeof MongoDb;

/** `mongodb`, or `DATABASE_PACKAGE_MISSING` naming it. */
export async function loadMongoDbPackage(importer?: PackageImporter): Promise<MongoDbModule> {
  const module = await loadOptionalPackage<MongoDbModule & { default?: MongoDbModule }>('mongodb', 'mongodb', importer);
  return typeof module.MongoClient === 'function' ? module : (module.default ?? module);
}

/**
 * Runs `work` with a client of its own for one call, closed after it (or at once
 * when the call is cancelled). The database is `Database` when set, else the one
 * the connection string names.
 */
export async function withMongoDatabase<T>(
  mongo: MongoDbModule,
  connection: DatabaseConnection,
  signal: AbortSignal,
  work: (database: MongoDb.Db) => Promise<T>,
): Promise<T> {
  const timeout = connection.settings.TimeoutSeconds * 1_000;
  const client = new mongo.MongoClient(connection.connectionString, {
    appName: 'orkeon-database-tools',
    serverSelectionTimeoutMS: Math.min(timeout, 15_000),
    connectTimeoutMS: Math.min(timeout, 15_000),
    maxPoolSize: 1,
  });
  const close = () => void client.close().catch(() => undefined);
  signal.addEventListener('abort', close, { once: true });
  try {
    await client.connect();
    const name = connection.settings.Database === '' ? undefined : connection.settings.Database;
    return await work(client.db(name));
  } finally {
    signal.removeEventListener('abort', close);
    await client.close().catch(() => undefined);
  }
}
