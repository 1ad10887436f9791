import { resolve } from 'node:path';
import { type Configuration, MemoryStoreFactoryService, type ServiceCollection } from '@orkeon/core';
import { SqliteMemoryProvider } from './sqlite-memory-provider.js';
import { sqliteMemorySettings } from './sqlite-memory-settings.js';

export interface AddSvcSqliteMemoryOptions {
  /** The file used when `Svc:Memory:Sqlite:Path` is not set. Default `.orkeon/memory.db`. */
  readonly defaultPath?: string;
  /** What relative paths start from. Default the working directory. */
  readonly baseDirectory?: string;
}

/**
 * Offers the SQLite memory store as the `sqlite` type of `Memory:Provider` and crews'
 * `memoryProvider`: vectors as BLOBs searched exactly (or through an HNSW graph with
 * `VectorIndex: hnsw`), words through FTS5. The file opens
 * when a crew or agent first remembers, and closes with the runtime.
 */
export function addSvcSqliteMemory(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcSqliteMemoryOptions = {},
): ServiceCollection {
  const settings = configuration.get(sqliteMemorySettings);
  const path = resolve(
    options.baseDirectory ?? process.cwd(),
    settings.Path ?? options.defaultPath ?? '.orkeon/memory.db',
  );
  return services.add(MemoryStoreFactoryService, 'singleton', () => ({
    type: 'sqlite',
    create: () =>
      new SqliteMemoryProvider({
        path,
        vectorIndex: settings.VectorIndex,
        approximateFrom: settings.ApproximateFrom,
      }),
  }));
}
