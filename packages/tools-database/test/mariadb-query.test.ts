import { captureLogger } from '@orkeon/testing';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabaseSchemaTool,
  createMariaDbQueryTool,
  createMySqlQueryTool,
  type DatabaseSettingsInput,
} from '../src/index.js';
import { callTool, emptyFileSystem, jsonRows } from './database-fixture.js';
import { type MariaDbServer, startMariaDbServer } from './mariadb-server.js';

let server: MariaDbServer;
let settings: DatabaseSettingsInput;
const password = 'Maria-S3cret-Pass';

async function admin(statement: string, values: unknown[] = []): Promise<unknown> {
  const connection = await createConnection({ uri: `${server.rootConnectionString}shop`, multipleStatements: true });
  try {
    const [rows] = await connection.query(statement, values);
    return rows;
  } finally {
    await connection.end();
  }
}

beforeAll(async () => {
  server = await startMariaDbServer();
  const root = await createConnection({ uri: server.rootConnectionString, multipleStatements: true });
  await root.query(`
    CREATE DATABASE shop;
    CREATE TABLE shop.orders(id INT AUTO_INCREMENT PRIMARY KEY, customer VARCHAR(100) NOT NULL, total DECIMAL(10,2));
    INSERT INTO shop.orders(customer, total) VALUES ('Ada', 10.50), ('Brian', 99.00), ('Chloé', 5.25);
    CREATE TABLE shop.numbers(n INT);
    CREATE USER 'agent'@'127.0.0.1' IDENTIFIED BY '${password}';
    GRANT ALL ON shop.* TO 'agent'@'127.0.0.1';
  `);
  await root.query(
    "CREATE FUNCTION shop.sneaky_write() RETURNS INT MODIFIES SQL DATA BEGIN INSERT INTO shop.orders(customer) VALUES ('sneaky'); RETURN 1; END",
  );
  await root.query(
    'INSERT INTO shop.numbers WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300) SELECT x FROM c',
  );
  await root.end();
  const connectionString = `mysql://agent:${password}@127.0.0.1:${server.port}/shop`;
  settings = {
    Connections: {
      shop: { Kind: 'mariadb', ConnectionString: connectionString },
      writer: { Kind: 'mariadb', ConnectionString: connectionString, AllowWrites: true },
      small: { Kind: 'mariadb', ConnectionString: connectionString, MaxRows: 7 },
      quick: { Kind: 'mariadb', ConnectionString: connectionString, TimeoutSeconds: 1 },
      sneakyOptions: {
        Kind: 'mariadb',
        ConnectionString: `${connectionString}?multipleStatements=true&flags=LOCAL_FILES`,
        AllowWrites: true,
      },
    },
  };
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const orderCount = async () => Number(((await admin('SELECT count(*) AS n FROM orders')) as { n: number }[])[0]?.n);
const run = async (input: Record<string, unknown>, signal?: AbortSignal) =>
  callTool(createMariaDbQueryTool(settings), await emptyFileSystem(), { connection: 'shop', ...input }, signal);

describe('mariadb_query on a real MariaDB', () => {
  it('answers rows with ? parameters bound by a prepared statement', async () => {
    const result = await run({
      statement: 'SELECT customer, total FROM orders WHERE total > ? AND customer <> ? ORDER BY id',
      parameters: [6, 'Brian'],
    });
    expect(result.output).toBe('customer | total\nAda | 10.50\n(1 row)');
  });

  it('keeps a SQL injection in a parameter as data', async () => {
    const hostile = "x'; DROP TABLE orders; --";
    expect(
      (await run({ statement: 'SELECT count(*) AS n FROM orders WHERE customer = ?', parameters: [hostile] })).output,
    ).toBe('n\n0\n(1 row)');
    const inserted = await run({
      connection: 'writer',
      statement: 'INSERT INTO orders(customer) VALUES (?)',
      parameters: [hostile],
    });
    expect(inserted.output).toBe('1 row affected.');
    await admin('DELETE FROM orders WHERE customer = ?', [hostile]);
    expect(await orderCount()).toBe(3);
  });

  it('has the server refuse writes on a read-only connection, DDL included', async () => {
    for (const statement of [
      "INSERT INTO orders(customer) VALUES ('Eve')",
      "UPDATE orders SET customer = 'Eve'",
      'SELECT * FROM orders FOR UPDATE',
      'SELECT sneaky_write()',
      'CREATE TABLE intruder(x INT)',
      'DROP TABLE numbers',
      'CREATE TEMPORARY TABLE scratch(x INT)',
    ]) {
      const result = await run({ statement });
      expect(result.outcome, statement).toBe('Failure');
      expect(result.output, statement).toMatch(/READ ONLY transaction/i);
      expect(result.output).toContain('Svc:Tools:Database:Connections:shop:AllowWrites');
    }
    expect(await orderCount()).toBe(3);
    expect(((await admin("SHOW TABLES LIKE 'intruder'")) as unknown[]).length).toBe(0);
    expect(((await admin("SHOW TABLES LIKE 'numbers'")) as unknown[]).length).toBe(1);
  });

  it('allows writes with AllowWrites', async () => {
    const result = await run({
      connection: 'writer',
      statement: 'UPDATE orders SET total = total + ? WHERE customer = ?',
      parameters: [1, 'Ada'],
    });
    expect(result.output).toBe('1 row affected.');
    await admin("UPDATE orders SET total = 10.50 WHERE customer = 'Ada'");
  });

  it('refuses several statements in one string, even when the connection string asks for them', async () => {
    for (const connection of ['writer', 'sneakyOptions']) {
      const result = await run({ connection, statement: 'SELECT 1; DELETE FROM orders' });
      expect(result.outcome, connection).toBe('Failure');
      expect(result.output).toMatch(/SQL syntax/);
    }
    const localFile = await run({
      connection: 'sneakyOptions',
      statement: "LOAD DATA LOCAL INFILE '/etc/passwd' INTO TABLE orders",
    });
    expect(localFile.outcome).toBe('Failure');
    expect(await orderCount()).toBe(3);
  });

  it('stops SLEEP at the time limit', async () => {
    const started = Date.now();
    const result = await run({ connection: 'quick', statement: 'SELECT SLEEP(20)' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/ran longer than 1 s and was stopped/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('kills the statement on the server when the call is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 500);
    const result = await run({ statement: 'SELECT SLEEP(20) AS slept' }, controller.signal);
    expect(result.output).toMatch(/cancelled before it finished/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const running = (await admin(
      "SELECT count(*) AS n FROM information_schema.processlist WHERE info LIKE 'SELECT SLEEP(20)%'",
    )) as { n: number }[];
    expect(Number(running[0]?.n)).toBe(0);
  });

  it('cuts large results and says how many rows there were', async () => {
    const result = jsonRows(
      await run({ connection: 'small', statement: 'SELECT n FROM numbers ORDER BY n', format: 'json' }),
    );
    expect(result.rows).toEqual([[1], [2], [3], [4], [5], [6], [7]]);
    expect(result.rowCount).toBe(300);
    expect(result.cut).toMatch(/first 7 of 300 rows; the other 293 were cut/);
    const huge = await run({
      connection: 'small',
      statement: 'SELECT a.n FROM numbers a CROSS JOIN numbers b CROSS JOIN numbers c',
    });
    expect(huge.output).toMatch(/first 7 of at least 100,000 rows/);
  });

  it('never shows the connection string or its password', async () => {
    const logs = captureLogger();
    const wrong = {
      Connections: {
        bad: { Kind: 'mariadb' as const, ConnectionString: `mysql://agent:${password}x@127.0.0.1:${server.port}/shop` },
      },
    };
    const denied = await callTool(createMariaDbQueryTool(wrong, { logger: logs.logger }), await emptyFileSystem(), {
      connection: 'bad',
      statement: 'SELECT 1',
    });
    expect(denied.outcome).toBe('Failure');
    expect(denied.output).toMatch(/Access denied/);
    const echoed = await run({ statement: `SELECT 1 FROM \`nowhere_${password}\`` });
    expect(echoed.outcome).toBe('Failure');
    for (const text of [denied.output, echoed.output, logs.text()]) {
      expect(text).not.toContain(password);
      expect(text).not.toContain('mysql://');
    }
    expect(echoed.output).toContain("Table 'shop.nowhere_[REDACTED]' doesn't exist");
  });

  it('offers mysql_query for mysql connections only', async () => {
    expect(() => createMySqlQueryTool(settings)).toThrow(/needs at least one connection of kind mysql/);
  });
});

describe('database_schema on a real MariaDB', () => {
  it('lists the tables of the connection database and the columns of one', async () => {
    const schema = createDatabaseSchemaTool(settings);
    const files = await emptyFileSystem();
    expect((await callTool(schema, files, { connection: 'shop' })).output).toBe(
      'table_schema | table_name | table_type\nshop | numbers | BASE TABLE\nshop | orders | BASE TABLE\n(2 rows)',
    );
    const columns = await callTool(schema, files, { connection: 'writer', table: 'orders' });
    expect(columns.output).toContain('shop | customer | varchar(100) | NO | NULL | ');
  });
});
