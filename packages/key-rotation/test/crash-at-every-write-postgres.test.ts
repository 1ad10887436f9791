import { createLogger } from '@orkeon/core';
import { PostgresMemoryProvider } from '@orkeon/memory-postgres';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashAtEveryWrite } from './crash-at-every-write.js';
import { expectListsAndDeletesMany } from './store-listing.js';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgresServer();
});
afterAll(async () => {
  await server?.stop();
});

const tableOf = (attempt: number) => `rotation_crash_${attempt}`;

describe('listEntries and deleteMany on PostgreSQL', () => {
  it('lists the table in key order, a page at a time, as stored, and deletes many at once', async () => {
    await using store = new PostgresMemoryProvider({
      connectionString: server.connectionString,
      table: 'listing',
      logger: createLogger({ level: 'error' }),
    });
    await expectListsAndDeletesMany(store);
  });
});

describe('key rotation on PostgreSQL, killed at every write', () => {
  it('resumes from each kill with nothing lost, nothing sealed twice, no staged copy left, the marker completed', async () => {
    const writes = await crashAtEveryWrite({
      open: async (attempt) =>
        new PostgresMemoryProvider({
          connectionString: server.connectionString,
          table: tableOf(attempt),
          logger: createLogger({ level: 'error' }),
        }),
      childEnvironment: (attempt) => ({
        ROTATION_STORE: 'postgres',
        ROTATION_TARGET: server.connectionString,
        ROTATION_TABLE: tableOf(attempt),
      }),
    });
    expect(writes).toBe(12);
  }, 120_000);
});
