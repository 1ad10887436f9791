import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PostgresNotInstalledError, PostgresStartError, PostgresUserMissingError } from './postgres-server-errors.js';
import { runProgram } from './run-program.js';

/**
 * `runuser` lives in an sbin folder, which a minimal PATH (CI, `env -i`) may lack;
 * take it from where Debian installs it when it is there.
 */
const runuserPath = ['/usr/sbin/runuser', '/sbin/runuser'].find((path) => existsSync(path)) ?? 'runuser';

export interface StartPostgresServerOptions {
  /** Where the Debian packages put each PostgreSQL version (`<root>/<version>/bin`). Default `/usr/lib/postgresql`. */
  readonly installRoot?: string;
}

/** A throwaway PostgreSQL server on loopback, with trust authentication for the user `postgres`. */
export interface PostgresServer extends AsyncDisposable {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres` */
  readonly connectionString: string;
  readonly host: string;
  readonly port: number;
  /** The folder of the server programs used, e.g. `/usr/lib/postgresql/15/bin`. */
  readonly binDirectory: string;
  /** The cluster's data folder (removed by `stop`). */
  readonly dataDirectory: string;
  /** Stops the server (fast shutdown) and removes its files. Safe to call twice. */
  stop(): Promise<void>;
}

const defaultInstallRoot = '/usr/lib/postgresql';
const commandTimeoutMilliseconds = 60_000;
const portAttempts = 3;
/** Servers still running, stopped at once if the test process exits without stopping them. */
const running = new Set<() => void>();

/**
 * Starts a real PostgreSQL server for tests, from the Debian packages on this machine:
 * the newest version under `/usr/lib/postgresql/<version>/bin`, a new cluster
 * (`initdb --auth=trust -U postgres -E UTF8 --locale=C.UTF-8`) in a temporary folder,
 * listening on a free port of 127.0.0.1, its unix socket inside the data folder.
 * As root, the programs run as the `postgres` OS user (PostgreSQL refuses root).
 * Without the binaries it throws `PostgresNotInstalledError`; tests are never skipped.
 */
export async function startPostgresServer(options: StartPostgresServerOptions = {}): Promise<PostgresServer> {
  const binDirectory = await findPostgresBinDirectory(options.installRoot);
  const asRoot = process.getuid?.() === 0;
  const serviceUser = asRoot ? postgresUser() : undefined;

  const root = await mkdtemp(join(tmpdir(), 'orkeon-pg-'));
  // The server user must be able to walk into the temporary folder, and owns the data folder.
  await chmod(root, 0o755);
  const dataDirectory = join(root, 'data');
  await mkdir(dataDirectory, { mode: 0o700 });
  if (serviceUser !== undefined) await chown(dataDirectory, serviceUser.uid, serviceUser.gid);

  const run = (program: string, args: readonly string[]) =>
    asRoot
      ? runProgram(runuserPath, ['-u', 'postgres', '--', join(binDirectory, program), ...args], {
          cwd: root,
          timeoutMilliseconds: commandTimeoutMilliseconds,
        })
      : runProgram(join(binDirectory, program), args, { cwd: root, timeoutMilliseconds: commandTimeoutMilliseconds });

  try {
    const initdb = await run('initdb', [
      '-D',
      dataDirectory,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
    ]);
    if (initdb.exitCode !== 0) throw new PostgresStartError(`initdb failed (exit ${initdb.exitCode})`, initdb.output);

    const logFile = join(dataDirectory, 'server.log');
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      // pg_ctl hands -o to a shell, so the socket folder is quoted.
      const serverOptions = [
        `-p ${port}`,
        '-c listen_addresses=127.0.0.1',
        `-k ${shellQuote(dataDirectory)}`,
        // A test cluster needs no durability; these make it much faster.
        '-c fsync=off -c synchronous_commit=off -c full_page_writes=off',
      ].join(' ');
      const start = await run('pg_ctl', [
        '-D',
        dataDirectory,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        serverOptions,
        'start',
      ]);
      if (start.exitCode === 0) return runningServer({ binDirectory, dataDirectory, root, port, run, asRoot });
      const log = await readFile(logFile, 'utf8').catch(() => '');
      // Another process may have taken the port between the probe and the start.
      if (attempt < portAttempts && /already in use|could not bind/i.test(log)) continue;
      throw new PostgresStartError(`pg_ctl start failed (exit ${start.exitCode})`, `${start.output}\n${log}`);
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
}

function runningServer(parts: {
  binDirectory: string;
  dataDirectory: string;
  root: string;
  port: number;
  asRoot: boolean;
  run: (program: string, args: readonly string[]) => Promise<{ exitCode: number | null; output: string }>;
}): PostgresServer {
  const { binDirectory, dataDirectory, root, port, run, asRoot } = parts;
  const pgCtl = join(binDirectory, 'pg_ctl');
  const stopAtExit = () => {
    const command = asRoot ? runuserPath : pgCtl;
    const args = ['-D', dataDirectory, '-m', 'immediate', '-w', 'stop'];
    spawnSync(command, asRoot ? ['-u', 'postgres', '--', pgCtl, ...args] : args, { cwd: root, stdio: 'ignore' });
    spawnSync('rm', ['-rf', root], { stdio: 'ignore' });
  };
  running.add(stopAtExit);
  if (running.size === 1) process.once('exit', stopRemainingServers);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      running.delete(stopAtExit);
      const result = await run('pg_ctl', ['-D', dataDirectory, '-m', 'fast', '-w', 'stop']);
      await rm(root, { recursive: true, force: true });
      if (result.exitCode !== 0)
        throw new PostgresStartError(`pg_ctl stop failed (exit ${result.exitCode})`, result.output);
    })();
    return stopping;
  };
  return {
    connectionString: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    host: '127.0.0.1',
    port,
    binDirectory,
    dataDirectory,
    stop,
    [Symbol.asyncDispose]: stop,
  };
}

function stopRemainingServers(): void {
  for (const stop of running) stop();
  running.clear();
}

/**
 * The bin folder of the newest installed PostgreSQL version (compared as numbers:
 * 10 is newer than 9.6) that has both initdb and pg_ctl.
 */
export async function findPostgresBinDirectory(installRoot = defaultInstallRoot): Promise<string> {
  const versions = await readdir(installRoot).catch(() => [] as string[]);
  const newestFirst = versions
    .filter((name) => /^\d+(\.\d+)*$/.test(name))
    .sort((left, right) => compareVersions(right, left));
  for (const version of newestFirst) {
    const bin = join(installRoot, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  throw new PostgresNotInstalledError(installRoot);
}

function compareVersions(left: string, right: string): number {
  const a = left.split('.').map(Number);
  const b = right.split('.').map(Number);
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch (error) {
    throw new PostgresUserMissingError(error);
  }
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

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
