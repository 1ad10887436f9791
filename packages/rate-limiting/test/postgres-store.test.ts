import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { afterAll, beforeAll } from 'vitest';
import { describeSharedStore } from './shared-store-suite.js';

// One real PostgreSQL server (Debian's) for the file.
let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgresServer();
});
afterAll(async () => {
  await server?.stop();
});

describeSharedStore({
  store: 'PostgreSQL',
  connectionString: () => server.connectionString,
  unreachable: 'postgresql://orkeon:secret-password@127.0.0.1:1/orkeon',
});
