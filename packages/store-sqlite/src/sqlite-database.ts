import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { type SqliteSynchronousMode, sqliteSynchronousModes } from './sqlite-checkpointing-settings.js';
import { migrateSqliteDatabase } from './sqlite-migration.js';
import {
  SqliteStateStoreOpenError,
  SqliteStateStoreOptionError,
  SqliteStoreSchemaTooNewError,
} from './sqlite-store-errors.js';

export interface SqliteDatabaseOptions {
  readonly busyTimeoutMilliseconds: number;
  readonly synchronous: SqliteSynchronousMode;
}

/** The options of a store's file, as its users give them. */
export interface SqliteStoreFileOptions {
  readonly path: string;
  readonly busyTimeoutMilliseconds?: number;
  readonly synchronous?: SqliteSynchronousMode;
}

/** The file options after checking: an absolute path and every default filled in. */
export interface SqliteFileOptions extends SqliteDatabaseOptions {
  readonly path: string;
}

/** The checked options both SQLite stores open their file with. */
export function sqliteFileOptions(options: SqliteStoreFileOptions): SqliteFileOptions {
  if (typeof options.path !== 'string' || options.path.trim().length === 0) {
    throw new SqliteStateStoreOpenError(String(options.path), new Error('the path is empty'));
  }
  const synchronous = options.synchronous ?? 'normal';
  if (!sqliteSynchronousModes.includes(synchronous)) {
    throw new SqliteStateStoreOptionError('synchronous', synchronous, "'normal' or 'full'");
  }
  return {
    path: options.path === ':memory:' ? options.path : resolve(options.path),
    busyTimeoutMilliseconds: options.busyTimeoutMilliseconds ?? 5000,
    synchronous,
  };
}

/**
 * Opens (creating it with its folder when missing) the one file both SQLite stores
 * share, in WAL mode so that readers never wait for the writer, and brings it to this
 * release's layout. Whichever store opens an old file first migrates it.
 */
export function openSqliteDatabase(path: string, options: SqliteDatabaseOptions): Database.Database {
  let database: Database.Database | undefined;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    database = new Database(path);
    database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(options.busyTimeoutMilliseconds))}`);
    database.pragma('journal_mode = WAL');
    database.pragma(`synchronous = ${options.synchronous.toUpperCase()}`);
    migrateSqliteDatabase(database, path);
    return database;
  } catch (error) {
    database?.close();
    if (SqliteStoreSchemaTooNewError.isInstance(error)) throw error;
    throw new SqliteStateStoreOpenError(path, error);
  }
}
