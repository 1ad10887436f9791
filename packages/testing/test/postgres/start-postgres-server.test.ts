import { execFile } from 'node:child_process';
import { mkdir, stat, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTemporaryDirectory,
  findPostgresBinDirectory,
  type PostgresServer,
  startPostgresServer,
} from '../../src/index.js';

const run = promisify(execFile);

/** Asks the server through psql, the client that ships with the server package. */
async function ask(server: PostgresServer, sql: string): Promise<string> {
  const { stdout } = await run(join(server.binDirectory, 'psql'), [server.connectionString, '-XAt', '-c', sql]);
  return stdout.trim();
}

describe('startPostgresServer', () => {
  let first: PostgresServer;
  let second: PostgresServer;

  beforeAll(async () => {
    [first, second] = await Promise.all([startPostgresServer(), startPostgresServer()]);
  });

  afterAll(async () => {
    await first?.stop();
    await second?.stop();
  });

  it('serves on a free loopback port, as user postgres, with its socket inside the data folder', async () => {
    expect(first.connectionString).toBe(`postgresql://postgres@127.0.0.1:${first.port}/postgres`);
    expect(
      await ask(first, "SELECT current_user || '|' || host(inet_server_addr()) || '|' || current_setting('port')"),
    ).toBe(`postgres|127.0.0.1|${first.port}`);
    expect(await ask(first, "SELECT current_setting('listen_addresses')")).toBe('127.0.0.1');
    expect(await ask(first, "SELECT current_setting('unix_socket_directories')")).toBe(first.dataDirectory);
    expect(await ask(first, "SELECT pg_encoding_to_char(encoding) FROM pg_database WHERE datname = 'postgres'")).toBe(
      'UTF8',
    );
    expect((await stat(first.dataDirectory)).mode & 0o777).toBe(0o700);
    if (process.getuid?.() === 0) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      expect((await stat(first.dataDirectory)).uid).toBe(Number(stdout.trim()));
    }
  });

  it('two servers run side by side on different ports', async () => {
    expect(second.port).not.toBe(first.port);
    await ask(first, 'CREATE TABLE only_in_first (id integer)');
    expect(await ask(second, "SELECT count(*) FROM pg_tables WHERE tablename = 'only_in_first'")).toBe('0');
  });

  it('stop shuts the server down and removes its files; stopping again is harmless', async () => {
    const server = await startPostgresServer();
    expect(await ask(server, 'SELECT 1')).toBe('1');
    await server.stop();
    await server.stop();
    await expect(ask(server, 'SELECT 1')).rejects.toThrow();
    await expect(stat(dirname(server.dataDirectory))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('finding the PostgreSQL programs', () => {
  it('without any installed version, fails with the Debian package to install', async () => {
    await using empty = await createTemporaryDirectory();
    const failure = await startPostgresServer({ installRoot: empty.path }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'POSTGRES_NOT_INSTALLED' });
    expect((failure as Error).message).toContain(`${empty.path}/*/bin`);
    expect((failure as Error).message).toContain('apt-get install -y --no-install-recommends postgresql');
    await expect(startPostgresServer({ installRoot: join(empty.path, 'missing') })).rejects.toMatchObject({
      code: 'POSTGRES_NOT_INSTALLED',
    });
  });

  it('takes the newest version by number that has both initdb and pg_ctl', async () => {
    await using root = await createTemporaryDirectory();
    const installRoot = root.path;
    const complete = async (version: string) => {
      await mkdir(join(installRoot, version, 'bin'), { recursive: true });
      await writeFile(join(installRoot, version, 'bin', 'initdb'), '');
      await writeFile(join(installRoot, version, 'bin', 'pg_ctl'), '');
    };
    await complete('9.6');
    await complete('10');
    await mkdir(join(installRoot, '16', 'bin'), { recursive: true });
    await writeFile(join(installRoot, '16', 'bin', 'initdb'), '');
    await symlink(join(installRoot, '10'), join(installRoot, 'latest'));
    expect(await findPostgresBinDirectory(installRoot)).toBe(join(installRoot, '10', 'bin'));
  });

  it('finds the programs installed on this machine', async () => {
    expect(await findPostgresBinDirectory()).toMatch(/^\/usr\/lib\/postgresql\/\d+(\.\d+)?\/bin$/);
  });
});
