import { type RedisServer, startRedisServer } from '@orkeon/testing';
import { afterAll, beforeAll } from 'vitest';
import { describeSharedStore } from './shared-store-suite.js';

// One real redis-server (Debian's) for the file.
let server: RedisServer;
beforeAll(async () => {
  server = await startRedisServer();
});
afterAll(async () => {
  await server?.stop();
});

describeSharedStore({
  store: 'Redis',
  connectionString: () => server.url,
  unreachable: 'redis://:secret-password@127.0.0.1:1',
});
