import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RedisNotInstalledError, RedisStartError } from './redis-server-errors.js';

export { RedisNotInstalledError, RedisStartError };

export interface StartRedisServerOptions {
  /** The server program. Default `/usr/bin/redis-server` (Debian's package `redis-server`). */
  readonly program?: string;
  /**
   * The port to listen on. Default: a free one, chosen anew when another process takes
   * it first. Give one to start a server again where a stopped one was.
   */
  readonly port?: number;
  /** When given, clients must authenticate with it (`requirepass`). */
  readonly password?: string;
}

/** A throwaway Redis server on loopback, with no persistence. */
export interface RedisServer extends AsyncDisposable {
  readonly host: string;
  readonly port: number;
  /** `127.0.0.1:<port>` */
  readonly address: string;
  /** `redis://127.0.0.1:<port>`, or `redis://:<password>@127.0.0.1:<port>` with a password. */
  readonly url: string;
  /** The server's folder: its configuration and log (removed by `stop`). */
  readonly directory: string;
  /** Stops the server and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

const defaultProgram = '/usr/bin/redis-server';
const readyMilliseconds = 30_000;
const stopMilliseconds = 10_000;
const portAttempts = 3;
/** Servers still running, killed at once if the test process exits without stopping them. */
const running = new Set<() => void>();

/**
 * Starts a real Redis server for tests, from Debian's `redis-server`: a new temporary
 * folder holding its configuration and log, listening on 127.0.0.1 only, on a free port,
 * with no snapshots and no append-only file. It resolves once the server accepts
 * connections. Without the program it throws `RedisNotInstalledError`; tests are never skipped.
 */
export async function startRedisServer(options: StartRedisServerOptions = {}): Promise<RedisServer> {
  const program = options.program ?? defaultProgram;
  if (!existsSync(program)) throw new RedisNotInstalledError(program);
  const directory = await mkdtemp(join(tmpdir(), 'orkeon-redis-'));
  try {
    for (let attempt = 1; ; attempt++) {
      const port = options.port ?? (await freePort());
      const configuration = join(directory, 'redis.conf');
      await writeFile(configuration, configurationText(directory, port, options.password), { mode: 0o600 });
      const started = await launch(program, configuration, directory);
      if (started.child !== undefined) return runningServer(started.child, directory, port, options.password);
      // Another process may have taken the port between the probe and the start.
      if (options.port === undefined && attempt < portAttempts && /address already in use/i.test(started.output))
        continue;
      throw new RedisStartError(started.problem, started.output);
    }
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
}

function configurationText(directory: string, port: number, password: string | undefined): string {
  return [
    `port ${port}`,
    'bind 127.0.0.1',
    `dir ${quoted(directory)}`,
    `logfile ${quoted(join(directory, 'redis.log'))}`,
    'loglevel notice',
    // A test server keeps nothing: no snapshots, no append-only file.
    'save ""',
    'appendonly no',
    ...(password === undefined ? [] : [`requirepass ${quoted(password)}`]),
    '',
  ].join('\n');
}

type Launch =
  | { readonly child: ChildProcess; readonly output?: undefined; readonly problem?: undefined }
  | { readonly child?: undefined; readonly output: string; readonly problem: string };

/** Starts the program and waits until its log says it accepts connections, or it exits, or time runs out. */
async function launch(program: string, configuration: string, directory: string): Promise<Launch> {
  const child = spawn(program, [configuration], { cwd: directory, stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  // Drained for the whole life of the server, keeping the tail for a failure's message.
  const keep = (chunk: Buffer) => {
    printed = (printed + chunk.toString('utf8')).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exit: string | undefined;
  child.once('exit', (code, signal) => {
    exit = signal === null ? `exit ${code}` : `signal ${signal}`;
  });
  child.once('error', (error) => {
    exit = error.message;
  });
  const log = join(directory, 'redis.log');
  const output = async () => `${printed}\n${await readFile(log, 'utf8').catch(() => '')}`;
  const deadline = Date.now() + readyMilliseconds;
  while (Date.now() < deadline) {
    if (exit !== undefined) return { output: await output(), problem: `redis-server stopped at start (${exit})` };
    if (/ready to accept connections/i.test(await readFile(log, 'utf8').catch(() => ''))) return { child };
    await sleep(20);
  }
  child.kill('SIGKILL');
  return { output: await output(), problem: `redis-server was not ready within ${readyMilliseconds / 1000} s` };
}

function runningServer(child: ChildProcess, directory: string, port: number, password: string | undefined) {
  const killAtExit = () => {
    child.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
  };
  running.add(killAtExit);
  if (running.size === 1) process.once('exit', killRemainingServers);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      running.delete(killAtExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // SIGTERM: Redis shuts down cleanly; with no persistence configured it writes nothing.
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), stopMilliseconds);
        await exited;
        clearTimeout(timer);
      }
      await rm(directory, { recursive: true, force: true });
    })();
    return stopping;
  };
  const host = '127.0.0.1';
  const credentials = password === undefined ? '' : `:${encodeURIComponent(password)}@`;
  const server: RedisServer = {
    host,
    port,
    address: `${host}:${port}`,
    url: `redis://${credentials}${host}:${port}`,
    directory,
    stop,
    [Symbol.asyncDispose]: stop,
  };
  return server;
}

function killRemainingServers(): void {
  for (const kill of running) kill();
  running.clear();
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

/** A value for redis.conf: in double quotes, with backslashes, quotes and line breaks escaped. */
function quoted(text: string): string {
  const escaped = text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n').replaceAll('\r', '\\r');
  return `"${escaped}"`;
}
