// Rotates a seeded store and kills its own process with SIGKILL just before write number
// ROTATION_KILL_AT, as a power cut or `kill -9` would stop it. Run by the crash tests:
//   ROTATION_STORE=sqlite ROTATION_TARGET=<file> ROTATION_KILL_AT=<n> node --import tsx rotation-crash-child.ts
//   ROTATION_STORE=postgres ROTATION_TARGET=<connection string> ROTATION_TABLE=<table> …
// A rotation that ends without being killed prints its number of writes.
import { createLogger, type MemoryProvider } from '@orkeon/core';
import { KeyRotator } from '../src/index.js';
import { CountingStore, newProvider, oldProvider } from './rotation-scenario.js';

const { ROTATION_STORE: kind, ROTATION_TARGET: target = '', ROTATION_TABLE: table } = process.env;
const killAt = Number(process.env.ROTATION_KILL_AT ?? 'Infinity');
const batchSize = Number(process.env.ROTATION_BATCH_SIZE ?? '2');

// Only the store's own driver loads: the child starts once per write of a rotation.
const raw: MemoryProvider =
  kind === 'postgres'
    ? new (await import('@orkeon/memory-postgres')).PostgresMemoryProvider({
        connectionString: target,
        ...(table === undefined ? {} : { table }),
        logger: createLogger({ level: 'error' }),
      })
    : new (await import('@orkeon/store-sqlite')).SqliteMemoryProvider({ path: target });
const store = new CountingStore(raw, killAt, () => process.kill(process.pid, 'SIGKILL'));
await new KeyRotator().rotate(store, oldProvider(), newProvider(), { batchSize });
await raw.close?.();
process.stdout.write(`${JSON.stringify({ writes: store.writes })}\n`);
