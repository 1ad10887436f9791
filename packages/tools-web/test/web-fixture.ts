import type { LookupAddress } from 'node:dns';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FileSystem, isToolResult, type Tool, type ToolResult, VirtualFileSystem } from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';

/** One request a test server received. */
export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface TestServer extends AsyncDisposable {
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly requests: ReceivedRequest[];
}

/** A real HTTP server on a loopback address and a free port, recording every request. */
export async function startServer(
  handler: (request: ReceivedRequest, response: ServerResponse) => unknown,
  options: { host?: string; port?: number } = {},
): Promise<TestServer> {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer(async (incoming, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const request = {
      method: incoming.method ?? '',
      url: incoming.url ?? '',
      headers: incoming.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    requests.push(request);
    try {
      await handler(request, response);
    } catch (error) {
      response.statusCode = 500;
      response.end(String(error));
    }
  });
  const host = options.host ?? '127.0.0.1';
  server.listen(options.port ?? 0, host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    host,
    requests,
    [Symbol.asyncDispose]: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers JSON. */
export function sendJson(response: ServerResponse, value: unknown, status = 200): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * A resolver for test names: `metadata.test` → 169.254.169.254, `private.test` → 10.0.0.5,
 * `rebind.test` answers `first` once, then 127.0.0.1; any other name fails.
 */
export function testResolver(names: Record<string, string> = {}, rebindFirst = '93.184.216.34') {
  const calls: string[] = [];
  const table: Record<string, string> = { 'metadata.test': '169.254.169.254', 'private.test': '10.0.0.5', ...names };
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    calls.push(host);
    if (host === 'rebind.test') {
      const address = calls.filter((name) => name === host).length === 1 ? rebindFirst : '127.0.0.1';
      return [{ address, family: 4 }];
    }
    const address = table[host];
    if (address === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(resolve, { calls });
}

export interface Workspace extends AsyncDisposable {
  readonly root: TemporaryDirectory;
  readonly vfs: VirtualFileSystem;
}

/** A temporary folder mounted read-write at /workspace and another read-only at /docs. */
export async function createWorkspace(): Promise<Workspace> {
  const root = await createTemporaryDirectory('orkeon-web-');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(`${root.path}/workspace`);
  await mkdir(`${root.path}/docs`);
  const vfs = await VirtualFileSystem.create([`${root.path}/workspace:/workspace:rw`, `${root.path}/docs:/docs:ro`]);
  return { root, vfs, [Symbol.asyncDispose]: () => root.remove() };
}

/** Calls a tool as the pipeline would: input validated, the agents' view of the file system. */
export async function runTool<Input>(
  tool: Tool<Input>,
  input: unknown,
  options: { vfs?: FileSystem; signal?: AbortSignal } = {},
): Promise<ToolResult> {
  const parsed = tool.inputSchema.parse(input);
  const vfs = options.vfs ?? (await VirtualFileSystem.create([]));
  const returned = await tool.execute(parsed, {
    vfs: vfs.agentView(),
    logger: captureLogger().logger,
    signal: options.signal ?? new AbortController().signal,
    caller: { kind: 'host' },
    callId: 'test-call',
  });
  if (isToolResult(returned)) return returned;
  return { outcome: 'Success', output: typeof returned === 'string' ? returned : JSON.stringify(returned) };
}
