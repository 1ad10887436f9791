import { ChangeFeedService, Configuration, ServiceCollection } from '@orkeon/core';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPostgresCheckpointing,
  PostgresChangeAnnouncementTooLongError,
  PostgresChangeFeed,
  postgresCheckpointingSettings,
} from '../src/index.js';

let server: PostgresServer;
let observer: pg.Pool;
let counter = 0;
const freshSchema = () => `feed_${process.pid}_${counter++}`;

beforeAll(async () => {
  server = await startPostgresServer();
  observer = new pg.Pool({ connectionString: server.connectionString });
});
afterAll(async () => {
  await observer?.end();
  await server?.stop();
});

/** Resolves with the keys heard once `count` arrived (or after 5 s, for the assertion to say what is missing). */
async function heard(keys: string[], count: number): Promise<string[]> {
  for (let waited = 0; keys.length < count && waited < 5000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return keys;
}

describe('PostgresChangeFeed', () => {
  it('carries announcements between processes on one schema, by channel, and not to another schema', async () => {
    const schema = freshSchema();
    await using a = new PostgresChangeFeed({ connectionString: server.connectionString, schema });
    await using b = new PostgresChangeFeed({ connectionString: server.connectionString, schema });
    await using elsewhere = new PostgresChangeFeed({
      connectionString: server.connectionString,
      schema: freshSchema(),
    });
    const onB: string[] = [];
    const otherChannel: string[] = [];
    const otherSchema: string[] = [];
    const stop = await b.follow('tasks', (key) => onB.push(key));
    await b.follow('memories', (key) => otherChannel.push(key));
    await elsewhere.follow('tasks', (key) => otherSchema.push(key));
    await a.announce('tasks', 'task-1');
    await a.announce('tasks', 'task-2');
    expect(await heard(onB, 2)).toEqual(['task-1', 'task-2']);
    stop();
    await a.announce('tasks', 'task-3');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onB).toEqual(['task-1', 'task-2']);
    expect(otherChannel).toEqual([]);
    expect(otherSchema).toEqual([]);
  });

  it('refuses an announcement over the NOTIFY limit, naming the fix, and sends nothing', async () => {
    await using feed = new PostgresChangeFeed({ connectionString: server.connectionString, schema: freshSchema() });
    const error = await feed.announce('tasks', 'k'.repeat(9000)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PostgresChangeAnnouncementTooLongError);
    expect(String((error as Error).message)).toMatch(
      /is 9020 bytes, over the 7999 of a PostgreSQL NOTIFY; nothing was sent\. Announce a short key/,
    );
  });

  it('listens again after the server drops its connection, and tells the followers of the gap', async () => {
    const schema = freshSchema();
    await using a = new PostgresChangeFeed({ connectionString: server.connectionString, schema });
    await using b = new PostgresChangeFeed({ connectionString: server.connectionString, schema });
    const keys: string[] = [];
    let gaps = 0;
    await b.follow(
      'tasks',
      (key) => keys.push(key),
      () => gaps++,
    );
    await observer.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = 'LISTEN "orkeon_feed_${schema}"' AND pid <> pg_backend_pid()`,
    );
    await expect.poll(() => gaps, { timeout: 10_000 }).toBe(1);
    await a.announce('tasks', 'after');
    expect(await heard(keys, 1)).toEqual(['after']);
  });

  it('is registered by addPostgresCheckpointing beside the stores', async () => {
    const services = new ServiceCollection();
    addPostgresCheckpointing(
      services,
      Configuration.fromObject(
        {
          Svc: {
            Checkpointing: { Postgres: { ConnectionString: server.connectionString, SchemaName: freshSchema() } },
          },
        },
        [postgresCheckpointingSettings],
      ),
    );
    await using provider = services.build();
    expect(provider.get(ChangeFeedService)).toBeInstanceOf(PostgresChangeFeed);
  });
});
