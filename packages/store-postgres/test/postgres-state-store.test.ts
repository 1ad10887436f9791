import { Configuration, isSecretKey, ServiceCollection, StateStoreService } from '@orkeon/core';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { describeStateStoreConformance, sessionState } from '@orkeon/testing/conformance';
import pg from 'pg';
import * as vitest from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPostgresCheckpointing,
  PostgresStateStore,
  PostgresStateStoreOptionsError,
  postgresCheckpointingSettings,
} from '../src/index.js';

let server: PostgresServer;
/** A client for looking at the database from the outside. */
let observer: pg.Pool;
let schemaCounter = 0;
/** Each test gets its own schema: the store creates it on first use. */
const freshSchema = (purpose: string) => `${purpose}_${process.pid}_${schemaCounter++}`;

beforeAll(async () => {
  server = await startPostgresServer();
  observer = new pg.Pool({ connectionString: server.connectionString });
});

afterAll(async () => {
  await observer?.end();
  await server?.stop();
});

describeStateStoreConformance(
  vitest,
  'PostgresStateStore',
  async () => new PostgresStateStore({ connectionString: server.connectionString, schema: freshSchema('conformance') }),
);

async function schemaExists(schema: string): Promise<boolean> {
  const result = await observer.query('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema]);
  return result.rowCount === 1;
}

describe('PostgresStateStore on a real server', () => {
  it('creates its schema and jsonb tables on first use, in the schema it is given', async () => {
    const schema = freshSchema('custom_place');
    await using store = new PostgresStateStore({ connectionString: server.connectionString, schema });
    expect(await schemaExists(schema)).toBe(false);

    await store.save(sessionState({ sessionId: 'first' }));
    expect(await schemaExists(schema)).toBe(true);
    const columns = await observer.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns
       WHERE table_schema = $1 AND column_name = 'state' ORDER BY table_name`,
      [schema],
    );
    expect(columns.rows).toEqual([
      { table_name: 'session_versions', column_name: 'state', data_type: 'jsonb' },
      { table_name: 'sessions', column_name: 'state', data_type: 'jsonb' },
    ]);
    const stored = await observer.query(`SELECT state->>'crewId' AS crew FROM "${schema}".sessions`);
    expect(stored.rows).toEqual([{ crew: 'crew' }]);
    expect(await schemaExists('orkeon')).toBe(false);
  });

  it('processes starting together on a new schema all succeed (advisory lock), and setup is idempotent', async () => {
    const schema = freshSchema('race');
    const stores = Array.from(
      { length: 6 },
      () => new PostgresStateStore({ connectionString: server.connectionString, schema }),
    );
    try {
      await Promise.all(stores.map((store, index) => store.save(sessionState({ sessionId: `racer-${index}` }))));
      expect(await stores[0]?.list()).toHaveLength(6);
    } finally {
      for (const store of stores) await store.close();
    }
    await using later = new PostgresStateStore({ connectionString: server.connectionString, schema });
    expect((await later.get('racer-3'))?.sessionId).toBe('racer-3');
  });

  it('two stores on one database: what one saved, a store opened after a restart reads back', async () => {
    const schema = freshSchema('restart');
    const before = new PostgresStateStore({ connectionString: server.connectionString, schema });
    await using alongside = new PostgresStateStore({ connectionString: server.connectionString, schema });
    const first = await before.saveVersioned(sessionState({ sessionId: 'durable', phase: 'Running' }), {
      stepId: 'research',
    });
    const second = await before.saveVersioned(sessionState({ sessionId: 'durable', phase: 'Suspended' }), {
      label: 'paused',
    });
    expect((await alongside.get('durable'))?.phase).toBe('Suspended');
    await before.close();
    await expect(before.get('durable')).rejects.toMatchObject({ code: 'STATE_STORE_CLOSED' });

    await using after = new PostgresStateStore({ connectionString: server.connectionString, schema });
    expect((await after.get('durable'))?.phase).toBe('Suspended');
    expect(await after.history('durable')).toEqual([second, first]);
    expect((await after.saveVersioned(sessionState({ sessionId: 'durable' }))).version).toBe(3);
  });

  it('MaxHistoryPerSession keeps the newest versions and deletes the oldest', async () => {
    const schema = freshSchema('trimmed');
    await using store = new PostgresStateStore({
      connectionString: server.connectionString,
      schema,
      maxHistoryPerSession: 3,
    });
    const saved = [];
    for (let index = 0; index < 5; index++) {
      saved.push(await store.saveVersioned(sessionState({ sessionId: 'long', completedTaskIndex: index })));
    }
    await store.saveVersioned(sessionState({ sessionId: 'short' }));
    expect((await store.history('long')).map((version) => version.version)).toEqual([5, 4, 3]);
    expect(await store.getVersion('long', saved[0]?.versionId ?? '')).toBeUndefined();
    expect(await store.getVersion('long', saved[2]?.versionId ?? '')).toEqual(saved[2]);
    expect((await store.saveVersioned(sessionState({ sessionId: 'long' }))).version).toBe(6);
    expect((await store.history('long')).map((version) => version.version)).toEqual([6, 5, 4]);
    expect((await store.history('short')).map((version) => version.version)).toEqual([1]);
    const rows = await observer.query(`SELECT count(*)::integer AS count FROM "${schema}".session_versions`);
    expect(rows.rows[0]).toEqual({ count: 4 });
  });

  it('a pool given by the host is used and left open on close', async () => {
    const pool = new pg.Pool({ connectionString: server.connectionString });
    try {
      const store = new PostgresStateStore({ pool, schema: freshSchema('hosted') });
      await store.save(sessionState({ sessionId: 'pooled' }));
      await store.close();
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('refuses options that cannot work', () => {
    expect(() => new PostgresStateStore({})).toThrow(PostgresStateStoreOptionsError);
    const pool = new pg.Pool({ connectionString: server.connectionString });
    expect(() => new PostgresStateStore({ pool, connectionString: server.connectionString })).toThrow(/not both/);
    expect(() => new PostgresStateStore({ pool, schema: 'drop table"; --' })).toThrow(/schema name 'drop table"; --'/);
    expect(() => new PostgresStateStore({ pool, maxHistoryPerSession: 0 })).toThrow(/maxHistoryPerSession 0/);
    return pool.end();
  });

  it('an unreachable server gives a setup error that names the schema and hides the password', async () => {
    await using store = new PostgresStateStore({
      connectionString: 'postgresql://postgres:hunter2-very-secret@127.0.0.1:1/postgres',
      schema: 'unreachable',
    });
    const failure = await store.list().catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'POSTGRES_STORE_SETUP_FAILED', details: { schema: 'unreachable' } });
    expect((failure as Error).message).toContain("schema 'unreachable'");
    expect((failure as Error).message).not.toContain('hunter2-very-secret');
  });
});

describe('addPostgresCheckpointing', () => {
  const configured = (settings: Record<string, string | number>) =>
    Configuration.fromObject({ Svc: { Checkpointing: { Postgres: settings } } }, [postgresCheckpointingSettings]);

  it('registers a store from Svc:Checkpointing:Postgres; disposing the provider ends its pool', async () => {
    const schema = freshSchema('configured');
    const configuration = configured({
      ConnectionString: server.connectionString,
      SchemaName: schema,
      MaxHistoryPerSession: 2,
    });
    const provider = addPostgresCheckpointing(new ServiceCollection(), configuration).build();
    const store = provider.get(StateStoreService);
    expect(store).toBeInstanceOf(PostgresStateStore);
    expect(store).toMatchObject({ schema, maxHistoryPerSession: 2 });
    for (let index = 0; index < 3; index++) await store.saveVersioned(sessionState({ sessionId: 'configured' }));
    expect((await store.history('configured')).map((version) => version.version)).toEqual([3, 2]);
    expect(await schemaExists(schema)).toBe(true);

    await provider.dispose();
    await expect(store.list()).rejects.toMatchObject({ code: 'STATE_STORE_CLOSED' });
  });

  it('defaults: schema orkeon, 1000 versions per session', () => {
    const settings = configured({ ConnectionString: 'postgresql://localhost/x' }).get(postgresCheckpointingSettings);
    expect(settings).toEqual({
      ConnectionString: 'postgresql://localhost/x',
      SchemaName: 'orkeon',
      MaxHistoryPerSession: 1000,
    });
  });

  it('the connection string is a secret: its value is listed for redaction', () => {
    expect(isSecretKey('ConnectionString')).toBe(true);
    const configuration = configured({ ConnectionString: 'postgresql://orkeon:s3cret-pass@db/orkeon' });
    expect(configuration.secretValues()).toContain('postgresql://orkeon:s3cret-pass@db/orkeon');
  });

  it('without ConnectionString it refuses at registration, naming the key', () => {
    expect(() => addPostgresCheckpointing(new ServiceCollection(), configured({}))).toThrow(
      expect.objectContaining({
        code: 'CONFIGURATION_INVALID',
        message: expect.stringContaining("'Svc:Checkpointing:Postgres:ConnectionString' is required"),
      }),
    );
  });

  it('refuses a schema name that is not an identifier, and a history below 1', () => {
    expect(() => configured({ ConnectionString: 'postgresql://x/y', SchemaName: 'bad-name' })).toThrow(/SchemaName/);
    expect(() => configured({ ConnectionString: 'postgresql://x/y', MaxHistoryPerSession: 0 })).toThrow(
      /MaxHistoryPerSession/,
    );
  });

  it('keeps a store the host registered', async () => {
    const services = new ServiceCollection();
    const hosts = new PostgresStateStore({ connectionString: server.connectionString, schema: freshSchema('hosts') });
    services.addInstance(StateStoreService, hosts);
    addPostgresCheckpointing(services, configured({ ConnectionString: server.connectionString }));
    expect(services.build().get(StateStoreService)).toBe(hosts);
    await hosts.close();
  });
});
