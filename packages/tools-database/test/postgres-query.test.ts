import { captureLogger, type PostgresServer, startPostgresServer } from '@orkeon/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabaseSchemaTool,
  createPostgresQueryTool,
  createRelationalDatabaseQueryTool,
  type DatabaseSettingsInput,
} from '../src/index.js';
import { callTool, emptyFileSystem, jsonRows } from './database-fixture.js';

let server: PostgresServer;
let settings: DatabaseSettingsInput;
const password = 'Sup3r-Secret-Passw0rd';

async function admin(statement: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: server.connectionString });
  await client.connect();
  try {
    return await client.query(statement, values);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  server = await startPostgresServer();
  await admin(`
    CREATE TABLE orders(id serial PRIMARY KEY, customer text NOT NULL, total numeric(10,2), placed timestamptz DEFAULT now());
    INSERT INTO orders(customer, total) VALUES ('Ada', 10.50), ('Brian', 99.00), ('Chloé', 5.25);
    CREATE FUNCTION sneaky_write() RETURNS int LANGUAGE sql AS $$ INSERT INTO orders(customer) VALUES ('sneaky') RETURNING id $$;
  `);
  // Trust authentication ignores the password, so it only shows whether the tool ever repeats it.
  const connectionString = `postgresql://postgres:${password}@127.0.0.1:${server.port}/postgres`;
  settings = {
    Connections: {
      main: { Kind: 'postgres', ConnectionString: connectionString },
      writer: { Kind: 'postgres', ConnectionString: connectionString, AllowWrites: true },
      small: { Kind: 'postgres', ConnectionString: connectionString, MaxRows: 10 },
      quick: { Kind: 'postgres', ConnectionString: connectionString, TimeoutSeconds: 1 },
      down: { Kind: 'postgres', ConnectionString: `postgresql://postgres:${password}@127.0.0.1:1/postgres` },
    },
  };
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const orderCount = async () => Number((await admin('SELECT count(*) AS n FROM orders')).rows[0].n);
const run = async (input: Record<string, unknown>, signal?: AbortSignal) =>
  callTool(createPostgresQueryTool(settings), await emptyFileSystem(), { connection: 'main', ...input }, signal);

describe('postgres_query on a real PostgreSQL', () => {
  it('answers rows with parameters bound to $1, $2', async () => {
    const result = await run({
      statement: 'SELECT customer, total FROM orders WHERE total > $1 AND customer <> $2 ORDER BY id',
      parameters: [6, 'Brian'],
    });
    expect(result.output).toBe('customer | total\nAda | 10.50\n(1 row)');
  });

  it('keeps a SQL injection in a parameter as data', async () => {
    const hostile = "'; DROP TABLE orders; --";
    expect(
      (await run({ statement: 'SELECT count(*) AS n FROM orders WHERE customer = $1', parameters: [hostile] })).output,
    ).toBe('n\n0\n(1 row)');
    const inserted = await run({
      connection: 'writer',
      statement: 'INSERT INTO orders(customer) VALUES ($1) RETURNING customer',
      parameters: [hostile],
    });
    expect(inserted.output).toBe(`customer\n${hostile}\n(1 row)`);
    await admin('DELETE FROM orders WHERE customer = $1', [hostile]);
    expect(await orderCount()).toBe(3);
  });

  it('has the server refuse every write on a read-only connection', async () => {
    for (const statement of [
      "INSERT INTO orders(customer) VALUES ('Eve')",
      "WITH sneaky AS (INSERT INTO orders(customer) VALUES ('Eve') RETURNING id) SELECT * FROM sneaky",
      'SELECT * FROM orders FOR UPDATE',
      'SELECT sneaky_write()',
      'CREATE TABLE intruder(x int)',
      'DROP TABLE orders',
      'SET TRANSACTION READ WRITE',
    ]) {
      const result = await run({ statement });
      if (statement.startsWith('SET TRANSACTION')) {
        // Allowed as a statement of its own, it changes nothing: the call ends with it.
        continue;
      }
      expect(result.outcome, statement).toBe('Failure');
      expect(result.output, statement).toMatch(/read-only transaction/);
      expect(result.output).toContain('Svc:Tools:Database:Connections:main:AllowWrites');
    }
    expect(await orderCount()).toBe(3);
    expect((await admin("SELECT count(*) AS n FROM pg_tables WHERE tablename = 'intruder'")).rows[0].n).toBe('0');
  });

  it('allows writes with AllowWrites, in autocommit', async () => {
    const result = await run({
      connection: 'writer',
      statement: 'UPDATE orders SET total = total + $1 WHERE customer = $2',
      parameters: [1, 'Ada'],
    });
    expect(result.output).toBe('1 row affected (UPDATE).');
    expect((await admin("SELECT total FROM orders WHERE customer = 'Ada'")).rows[0].total).toBe('11.50');
    await run({ connection: 'writer', statement: "UPDATE orders SET total = 10.50 WHERE customer = 'Ada'" });
  });

  it('refuses several statements in one string, also without parameters', async () => {
    for (const parameters of [[], [1]]) {
      const result = await run({
        connection: 'writer',
        statement: 'SELECT $1::int; DELETE FROM orders',
        parameters: parameters.length === 0 ? [] : parameters,
      });
      expect(result.outcome).toBe('Failure');
      expect(result.output).toMatch(/cannot insert multiple commands into a prepared statement/);
    }
    const plain = await run({ connection: 'writer', statement: 'SELECT 1; DELETE FROM orders' });
    expect(plain.outcome).toBe('Failure');
    expect(await orderCount()).toBe(3);
  });

  it('stops pg_sleep at the time limit, on the server', async () => {
    const started = Date.now();
    const result = await run({ connection: 'quick', statement: 'SELECT pg_sleep(30)' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/ran longer than 1 s and was stopped/);
    expect(Date.now() - started).toBeLessThan(10_000);
    const sleeping = await admin(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'",
    );
    expect(sleeping.rows[0].n).toBe('0');
  });

  it('cancels the statement on the server when the call is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const result = await run({ statement: 'SELECT pg_sleep(20)' }, controller.signal);
    expect(result.output).toMatch(/cancelled before it finished/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sleeping = await admin(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(20)' AND state = 'active'",
    );
    expect(sleeping.rows[0].n).toBe('0');
  });

  it('cuts huge results, counting up to the limit', async () => {
    const some = await run({
      connection: 'small',
      statement: 'SELECT g FROM generate_series(1, $1::int) AS g',
      parameters: [52],
    });
    expect(some.output).toMatch(/\n\(first 10 of 52 rows; the other 42 were cut: add a WHERE clause or a LIMIT/);
    const huge = jsonRows(
      await run({ connection: 'small', statement: 'SELECT g FROM generate_series(1, 500000) AS g', format: 'json' }),
    );
    expect(huge.rows).toHaveLength(10);
    expect(huge.cut).toMatch(/first 10 of at least 100,000 rows/);
  });

  it('never shows the connection string or its password, in results or logs', async () => {
    const logs = captureLogger();
    const down = await callTool(createPostgresQueryTool(settings, { logger: logs.logger }), await emptyFileSystem(), {
      connection: 'down',
      statement: 'SELECT 1',
    });
    expect(down.outcome).toBe('Failure');
    const failed = await run({ statement: `SELECT '${password}'::int` });
    for (const text of [down.output, failed.output, logs.text(), createPostgresQueryTool(settings).description]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain('postgresql://');
    }
    expect(failed.output).toContain('[REDACTED]');
  });

  it('names the known connections for an unknown one', async () => {
    const result = await run({ connection: 'Reporting', statement: 'SELECT 1' });
    expect(result.output).toBe(
      'Error: Unknown connection "Reporting" for postgres_query. Connections: main (PostgreSQL, read-only), writer (PostgreSQL, writes allowed), small (PostgreSQL, read-only), quick (PostgreSQL, read-only), down (PostgreSQL, read-only).',
    );
  });

  it('reaches PostgreSQL through relational_database_query too', async () => {
    const result = await callTool(createRelationalDatabaseQueryTool(settings), await emptyFileSystem(), {
      connection: 'MAIN',
      statement: 'SELECT count(*) AS n FROM orders',
    });
    expect(result.output).toBe('n\n3\n(1 row)');
  });
});

describe('database_schema on a real PostgreSQL', () => {
  it('lists tables and the columns of one, also named with its schema', async () => {
    const schema = createDatabaseSchemaTool(settings);
    const files = await emptyFileSystem();
    expect((await callTool(schema, files, { connection: 'main' })).output).toBe(
      'table_schema | table_name | table_type\npublic | orders | BASE TABLE\n(1 row)',
    );
    const columns = await callTool(schema, files, { connection: 'writer', table: 'public.orders' });
    expect(columns.output).toContain('public | customer | text | NO | NULL');
    expect(columns.output).toMatch(/public \| total \| numeric \| YES \| NULL/);
    const none = await callTool(schema, files, { connection: 'main', table: "orders' OR '1'='1" });
    expect(none.outcome).toBe('Failure');
  });
});
