import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';

/** A throwaway MariaDB server on loopback; `root` has no password from 127.0.0.1. */
export interface MariaDbServer extends AsyncDisposable {
  readonly host: string;
  readonly port: number;
  /** `mysql://root@127.0.0.1:<port>/` */
  readonly rootConnectionString: string;
  stop(): Promise<void>;
}

const serverProgram = ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'].find((path) => existsSync(path)) ?? 'mariadbd';
const installProgram =
  ['/usr/bin/mariadb-install-db', '/usr/sbin/mariadb-install-db'].find((path) => existsSync(path)) ??
  'mariadb-install-db';
const readyTimeoutMilliseconds = 60_000;

/**
 * Starts MariaDB from the Debian packages on this machine: a new data folder made by
 * `mariadb-install-db` in a temporary folder, `mariadbd` on a free port of
 * 127.0.0.1 with its socket inside that folder. As root (CI), both get `--user=root`.
 * Stop it with `stop()`; a test process that exits without doing so kills it.
 */
export async function startMariaDbServer(): Promise<MariaDbServer> {
  const root = await mkdtemp(join(tmpdir(), 'orkeon-mariadb-'));
  const dataDirectory = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['--user=root'] : [];
  const install = spawnSync(
    installProgram,
    [
      '--no-defaults',
      `--datadir=${dataDirectory}`,
      ...user,
      '--auth-root-authentication-method=normal',
      '--skip-test-db',
      '--skip-name-resolve',
    ],
    { encoding: 'utf8', timeout: readyTimeoutMilliseconds },
  );
  if (install.status !== 0) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`mariadb-install-db failed (exit ${install.status}): ${install.stderr || install.stdout}`);
  }
  const port = await freePort();
  const errorLog = join(root, 'error.log');
  const child = spawn(
    serverProgram,
    [
      '--no-defaults',
      `--datadir=${dataDirectory}`,
      ...user,
      '--bind-address=127.0.0.1',
      `--port=${port}`,
      `--socket=${join(root, 'mariadb.sock')}`,
      `--pid-file=${join(root, 'mariadb.pid')}`,
      `--log-error=${errorLog}`,
      '--skip-name-resolve',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=16M',
      '--innodb-flush-log-at-trx-commit=0',
    ],
    { stdio: 'ignore' },
  );
  const killAtExit = () => {
    child.kill('SIGKILL');
    spawnSync('rm', ['-rf', root], { stdio: 'ignore' });
  };
  process.once('exit', killAtExit);
  const rootConnectionString = `mysql://root@127.0.0.1:${port}/`;
  try {
    await waitUntilReady(port, child, errorLog);
  } catch (error) {
    killAtExit();
    process.removeListener('exit', killAtExit);
    throw error;
  }
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', killAtExit);
      await stopProcess(child);
      await rm(root, { recursive: true, force: true });
    })();
    return stopping;
  };
  return { host: '127.0.0.1', port, rootConnectionString, stop, [Symbol.asyncDispose]: stop };
}

async function waitUntilReady(port: number, child: ChildProcess, errorLog: string): Promise<void> {
  const deadline = Date.now() + readyTimeoutMilliseconds;
  for (;;) {
    if (child.exitCode !== null) {
      const log = await readFile(errorLog, 'utf8').catch(() => '');
      throw new Error(`mariadbd exited (code ${child.exitCode}): ${log.slice(-2_000)}`);
    }
    try {
      const connection = await createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 2_000 });
      await connection.end();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`mariadbd did not accept connections within 60 s: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
