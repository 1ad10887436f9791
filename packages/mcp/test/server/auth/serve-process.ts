import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { orkeonCommand } from '../orkeon-process.js';

export interface ServeProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Everything the process wrote on standard error so far. */
  stderr(): string;
  stop(): Promise<number | null>;
}

/** `appsettings.json` in `folder`: `MCP:Serve:Auth` when given, and whatever else the test adds. */
export async function writeAppSettings(
  folder: string,
  auth: Record<string, unknown> | undefined,
  more: Record<string, unknown> = {},
): Promise<void> {
  const mcp = auth === undefined ? more : { ...more, Serve: { Auth: auth } };
  await writeFile(join(folder, 'appsettings.json'), JSON.stringify({ MCP: mcp }));
}

function spawnServe(http: string, args: readonly string[], cwd: string) {
  const { command, args: full } = orkeonCommand(['mcp', 'serve', '--http', http, ...args]);
  return spawn(command, full, { cwd, env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'ignore', 'pipe'] });
}

/** Starts `orkeon mcp serve --http <http> …` in `cwd` and waits for the URL it prints. */
export async function startServe(http: string, args: readonly string[], cwd: string): Promise<ServeProcess> {
  const child = spawnServe(http, args, cwd);
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /MCP server at (\S+?)[;,\s]/.exec(stderr);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`orkeon mcp serve exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    stderr: () => stderr,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

/** Runs `orkeon mcp serve --http …` that is expected to stop by itself: its exit code and standard error. */
export async function serveUntilExit(
  http: string,
  args: readonly string[],
  cwd: string,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawnServe(http, args, cwd);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  return { code, stderr };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** One JSON-RPC request (legacy era: no `_meta`) as a POST; the status, the challenge, and the parsed body. */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  token?: string,
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the JSON-RPC fields it checks
): Promise<{ status: number; challenge: string | null; body: any }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await response.text();
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: text === '' ? undefined : JSON.parse(text),
  };
}
