import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabaseSchemaTool,
  createRelationalDatabaseQueryTool,
  type DatabaseSettingsInput,
} from '../src/index.js';
import { callTool, createSqliteFixture, jsonRows, type SqliteFixture } from './database-fixture.js';

let fixture: SqliteFixture;
beforeAll(async () => {
  fixture = await createSqliteFixture();
});
afterAll(async () => {
  await fixture[Symbol.asyncDispose]();
});

const settings: DatabaseSettingsInput = {
  Connections: {
    shop: { Kind: 'sqlite', Path: '/data/shop.db' },
    shopWritable: { Kind: 'sqlite', Path: '/data/shop.db', AllowWrites: true },
    reports: { Kind: 'sqlite', Path: '/reports/shop.db', AllowWrites: true },
    escape: { Kind: 'sqlite', Path: '/data/escape/secret.db' },
    climbing: { Kind: 'sqlite', Path: '/data/../outside/secret.db' },
    missing: { Kind: 'sqlite', Path: '/data/none.db' },
    small: { Kind: 'sqlite', Path: '/data/shop.db', MaxRows: 5 },
    quick: { Kind: 'sqlite', Path: '/data/shop.db', TimeoutSeconds: 1 },
  },
};
const tool = () => createRelationalDatabaseQueryTool(settings);
const query = (input: Record<string, unknown>, signal?: AbortSignal) =>
  callTool(tool(), fixture.vfs, { connection: 'shop', ...input }, signal);
const rowCount = () => {
  const database = new Database(join(fixture.data, 'shop.db'), { readonly: true });
  const count = (database.prepare('SELECT count(*) AS n FROM customers').get() as { n: number }).n;
  database.close();
  return count;
};

describe('relational_database_query on SQLite', () => {
  it('answers a compact table with bound parameters', async () => {
    const result = await query({
      statement: 'SELECT id, name, email FROM customers WHERE id <= ? ORDER BY id',
      parameters: [2],
    });
    expect(result.outcome).toBe('Success');
    expect(result.output).toBe('id | name | email\n1 | Ada | ada@example.com\n2 | Brian | NULL\n(2 rows)');
  });

  it('keeps a SQL injection in a parameter as data', async () => {
    const hostile = "x'; DROP TABLE customers; --";
    const result = await query({
      statement: 'SELECT count(*) AS n FROM customers WHERE name = ?',
      parameters: [hostile],
    });
    expect(result.output).toBe('n\n0\n(1 row)');
    const written = await callTool(tool(), fixture.vfs, {
      connection: 'shopWritable',
      statement: 'INSERT INTO customers(name) VALUES (?)',
      parameters: [hostile],
    });
    expect(written.output).toBe('1 row affected.');
    const found = jsonRows(
      await query({ statement: 'SELECT name FROM customers WHERE name = ?', parameters: [hostile], format: 'json' }),
    );
    expect(found.rows).toEqual([[hostile]]);
    await callTool(tool(), fixture.vfs, {
      connection: 'shopWritable',
      statement: 'DELETE FROM customers WHERE name = ?',
      parameters: [hostile],
    });
    expect(rowCount()).toBe(3);
  });

  it('has SQLite itself refuse writes on a read-only connection, whatever their shape', async () => {
    for (const statement of [
      "INSERT INTO customers(name) VALUES ('Eve')",
      "WITH x AS (SELECT 1) INSERT INTO customers(name) SELECT 'Eve' FROM x",
      'DELETE FROM customers',
      'DROP TABLE customers',
      'CREATE TABLE t(x)',
      "UPDATE customers SET name = 'Eve' RETURNING id",
    ]) {
      const result = await query({ statement });
      expect(result.outcome, statement).toBe('Failure');
      expect(result.output, statement).toMatch(/readonly database|query_only|read-only/i);
      expect(result.output).toContain('Svc:Tools:Database:Connections:shop:AllowWrites');
    }
    expect(rowCount()).toBe(3);
  });

  it('allows writes with AllowWrites and reports the rows changed', async () => {
    const written = await callTool(tool(), fixture.vfs, {
      connection: 'shopWritable',
      statement: 'UPDATE customers SET email = ? WHERE id = ?',
      parameters: ['brian@example.com', 2],
    });
    expect(written.output).toBe('1 row affected.');
    expect((await query({ statement: 'SELECT email FROM customers WHERE id = 2' })).output).toContain(
      'brian@example.com',
    );
    await callTool(tool(), fixture.vfs, {
      connection: 'shopWritable',
      statement: 'UPDATE customers SET email = NULL WHERE id = 2',
    });
  });

  it('refuses several statements in one string, running none', async () => {
    const result = await callTool(tool(), fixture.vfs, {
      connection: 'shopWritable',
      statement: "SELECT 1; DELETE FROM customers; INSERT INTO customers(name) VALUES ('x')",
    });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/more than one statement/);
    expect(rowCount()).toBe(3);
  });

  it('refuses ATTACH, DETACH and VACUUM INTO, which reach files outside the mounts', async () => {
    const attach = await query({ statement: `ATTACH DATABASE '${join(fixture.outside, 'secret.db')}' AS other` });
    expect(attach.outcome).toBe('Denied');
    expect(attach.output).toMatch(/ATTACH and DETACH are not allowed/);
    const bound = await query({
      statement: 'ATTACH DATABASE ? AS other',
      parameters: [join(fixture.outside, 'secret.db')],
    });
    expect(bound.outcome).toBe('Denied');
    const target = join(fixture.outside, 'copy.db');
    for (const connection of ['shop', 'shopWritable']) {
      const vacuum = await callTool(tool(), fixture.vfs, {
        connection,
        statement: 'VACUUM INTO ?',
        parameters: [target],
      });
      expect(vacuum.outcome).toBe('Denied');
      expect(vacuum.output).toMatch(/VACUUM INTO is not allowed/);
    }
    expect(existsSync(target)).toBe(false);
  });

  it('opens files only through the mounts and their rights', async () => {
    const throughLink = await query({ connection: 'escape', statement: 'SELECT * FROM secrets' });
    expect(throughLink.outcome).toBe('Denied');
    expect(throughLink.output).not.toContain('top secret');
    expect(throughLink.output).not.toContain(fixture.root.path);
    const climbing = await query({ connection: 'climbing', statement: 'SELECT * FROM secrets' });
    expect(climbing.outcome).toBe('Denied');
    const readOnlyMount = await query({ connection: 'reports', statement: "INSERT INTO customers(name) VALUES ('x')" });
    expect(readOnlyMount.outcome).toBe('Denied');
    expect(readOnlyMount.output).toContain('/reports/shop.db');
    const missing = await query({ connection: 'missing', statement: 'SELECT 1' });
    expect(missing.outcome).toBe('Failure');
    expect(missing.output).toContain('/data/none.db');
  });

  it('cuts a large result and says how many rows there were', async () => {
    const result = await query({ connection: 'small', statement: 'SELECT n FROM numbers ORDER BY n' });
    expect(result.output.split('\n')).toHaveLength(7);
    expect(result.output).toMatch(/\(first 5 of 250 rows; the other 245 were cut: add a WHERE clause or a LIMIT/);
    const json = jsonRows(await query({ connection: 'small', statement: 'SELECT n FROM numbers', format: 'json' }));
    expect(json.rows).toHaveLength(5);
    expect(json.rowCount).toBe(250);
    expect(json.cut).toMatch(/first 5 of 250 rows/);
  });

  it('counts a runaway result only up to the count limit', async () => {
    const result = await query({
      connection: 'small',
      statement: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c',
    });
    expect(result.output).toMatch(/first 5 of at least 100,000 rows; the rest were cut/);
  });

  it('stops a statement at its time limit by ending its process', async () => {
    const started = Date.now();
    const result = await query({
      connection: 'quick',
      statement: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
    });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(/ran longer than 1 s and was stopped/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('stops a statement when the call is cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const result = await query(
      { statement: 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c' },
      controller.signal,
    );
    expect(result.output).toMatch(/cancelled before it finished/);
  });

  it('names the connections it knows when given an unknown one', async () => {
    const result = await query({ connection: 'nope', statement: 'SELECT 1' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toMatch(
      /^Error: Unknown connection "nope" for relational_database_query\. Connections: shop \(SQLite, read-only\), shopWritable \(SQLite, writes allowed\)/,
    );
  });

  it('shows bytes, big integers and awkward text without breaking the table', async () => {
    const result = await query({
      statement: "SELECT x'00ff10' AS bytes, 9007199254740993 AS big, 'a | b' AS piped, '' AS empty, 1.5 AS real",
    });
    expect(result.output).toBe(
      'bytes | big | piped | empty | real\n0x00ff10 (3 bytes) | 9007199254740993 | "a | b" | "" | 1.5\n(1 row)',
    );
  });

  it('round-trips any text parameter as data (property)', async () => {
    const single = createRelationalDatabaseQueryTool({
      Connections: { shop: { Kind: 'sqlite', Path: '/data/shop.db' } },
      MaxCellCharacters: 100_000,
    });
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200, unit: 'grapheme' }), async (text) => {
        const answer = jsonRows(
          await callTool(single, fixture.vfs, {
            connection: 'shop',
            statement: 'SELECT ? AS v',
            parameters: [text],
            format: 'json',
          }),
        );
        expect(answer.rows).toEqual([[text]]);
      }),
      { numRuns: 8 },
    );
  });
});

describe('database_schema on SQLite', () => {
  it('lists tables and views, then the columns of one, reading through bound names', async () => {
    const schema = createDatabaseSchemaTool(settings);
    const tables = await callTool(schema, fixture.vfs, { connection: 'shop' });
    expect(tables.output).toBe('table_name | table_type\ncustomers | table\nnamed | view\nnumbers | table\n(3 rows)');
    const columns = await callTool(schema, fixture.vfs, { connection: 'shop', table: 'customers' });
    expect(columns.output.split('\n')[0]).toBe(
      'column_name | data_type | is_nullable | column_default | primary_key_position',
    );
    expect(columns.output).toContain('name | TEXT | NO | NULL | 0');
    const hostile = await callTool(schema, fixture.vfs, {
      connection: 'shop',
      table: "customers'); DROP TABLE customers; --",
    });
    expect(hostile.outcome).toBe('Failure');
    expect(hostile.output).toMatch(/No table or view/);
    expect(rowCount()).toBe(3);
  });

  it('is a Read tool even over a connection that allows writes, and refuses writes there too', () => {
    expect(createDatabaseSchemaTool(settings).access).toBe('Read');
    expect(createRelationalDatabaseQueryTool(settings).access).toBe('Execute');
    expect(
      createRelationalDatabaseQueryTool({ Connections: { shop: { Kind: 'sqlite', Path: '/data/shop.db' } } }).access,
    ).toBe('Read');
  });
});
