import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type ToolResult, VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import Database from 'better-sqlite3';

export { callTool } from '@orkeon/testing';

/** A file system with no mounts, for tools that reach servers only. */
export async function emptyFileSystem(): Promise<VirtualFileSystem> {
  return VirtualFileSystem.create([]);
}

/**
 * Real folders for SQLite: `data` mounted read-write at /data, `reports` read-only at
 * /reports, and `outside`, mounted nowhere, holding a database agents must not reach.
 * /data/shop.db and /reports/shop.db hold a small shop; /data/escape links to `outside`.
 */
export interface SqliteFixture extends AsyncDisposable {
  readonly root: TemporaryDirectory;
  readonly data: string;
  readonly outside: string;
  readonly vfs: VirtualFileSystem;
}

export async function createSqliteFixture(): Promise<SqliteFixture> {
  const root = await createTemporaryDirectory('orkeon-sqlite-');
  const data = join(root.path, 'data');
  const reports = join(root.path, 'reports');
  const outside = join(root.path, 'outside');
  await mkdir(data);
  await mkdir(reports);
  await mkdir(outside);
  for (const folder of [data, reports]) createShop(join(folder, 'shop.db'));
  const secret = new Database(join(outside, 'secret.db'));
  secret.exec("CREATE TABLE secrets(value TEXT); INSERT INTO secrets VALUES ('top secret');");
  secret.close();
  const { symlink } = await import('node:fs/promises');
  await symlink(outside, join(data, 'escape'));
  const vfs = await VirtualFileSystem.create([`${data}:/data:rw`, `${reports}:/reports:ro`]);
  return { root, data, outside, vfs, [Symbol.asyncDispose]: () => root.remove() };
}

function createShop(file: string): void {
  const database = new Database(file);
  database.exec(`
    CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT);
    INSERT INTO customers(name, email) VALUES ('Ada', 'ada@example.com'), ('Brian', NULL), ('Chloé', 'chloe@example.com');
    CREATE TABLE numbers(n INTEGER);
    WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 250) INSERT INTO numbers SELECT x FROM c;
    CREATE VIEW named AS SELECT name FROM customers;
  `);
  database.close();
}

/** The rows of a JSON-format answer. */
export function jsonRows(result: ToolResult): { columns: string[]; rows: unknown[][]; rowCount: number; cut?: string } {
  if (result.outcome !== 'Success') throw new Error(result.output);
  return JSON.parse(result.output) as { columns: string[]; rows: unknown[][]; rowCount: number; cut?: string };
}
