import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { McpClient, type McpClientError } from '../../src/index.js';
import {
  capturingLogger,
  counted,
  everythingServerPath,
  methodsIn,
  modernServerPath,
  rawServerPath,
  serverSettings,
  startsIn,
} from './client-fixtures.js';

// Every server here is started through count-starts.sh, which writes one line per process.
let folder: TemporaryDirectory;
let pids: string;
let methods: string;
const open: { close(): Promise<void> }[] = [];
beforeEach(async () => {
  folder = await createTemporaryDirectory();
  pids = join(folder.path, 'pids');
  methods = join(folder.path, 'methods');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
  await folder.remove();
});

const everything = () => counted(pids, { Command: process.execPath, Args: [everythingServerPath, 'stdio'] });
const modern = (...options: string[]) =>
  counted(pids, { Command: process.execPath, Args: [modernServerPath, 'stdio', `methods=${methods}`, ...options] });
const raw = (mode: string, ...options: string[]) =>
  counted(pids, { Command: process.execPath, Args: [rawServerPath, mode, `methods=${methods}`, ...options] });

async function connect(entry: Record<string, unknown>, logger = capturingLogger().logger) {
  const client = await McpClient.connect('counted', serverSettings(entry), { logger });
  open.push(client);
  return client;
}

/** The requests the fixture noted; a modern client's subscriptions/listen stream (for list changes) is left out. */
const requestsSeen = async () =>
  (await methodsIn(methods)).filter((request) => request.method !== 'subscriptions/listen');
const methodNames = async () => (await requestsSeen()).map((request) => request.method);

describe('one process per stdio server per connection', () => {
  it('a legacy server (server-everything, SDK v1): connect, tools/list and tools/call start it once', async () => {
    const client = await connect(everything());
    expect(client.era).toBe('legacy');
    expect((await client.listTools()).map((tool) => tool.name)).toContain('get-sum');
    expect(JSON.stringify((await client.callTool('get-sum', { a: 2, b: 3 })).content)).toContain('5');
    expect(await startsIn(pids)).toBe(1);
  }, 30_000);

  it('a modern server (v2 SDK, 2026-07-28): connect, tools/list and tools/call start it once, probed in place', async () => {
    const client = await connect(modern());
    expect(client.era).toBe('modern');
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['echo', 'shout', 'book_table', 'summarize']);
    expect((await client.callTool('echo', { text: 'once' })).content).toEqual([{ type: 'text', text: 'echo: once' }]);
    expect(await startsIn(pids)).toBe(1);
    // The probe reached the process that then served the calls.
    const requests = await requestsSeen();
    expect(requests.map((request) => request.method)).toEqual(['server/discover', 'tools/list', 'tools/call']);
    expect(new Set(requests.map((request) => request.pid)).size).toBe(1);
  }, 30_000);

  it('a legacy server that never answers the probe gets initialize on the same process once the probe time is up', async () => {
    // The probe waits min(TimeoutSeconds, 5 s): here 1 s.
    const client = await connect({ ...raw('ok', 'ignore-discover'), TimeoutSeconds: 1 });
    expect(client.era).toBe('legacy');
    expect((await client.callTool('probe', {})).content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(await methodNames()).toEqual(['server/discover', 'initialize', 'tools/call']);
    expect(new Set((await requestsSeen()).map((request) => request.pid)).size).toBe(1);
    expect(await startsIn(pids)).toBe(1);
  }, 30_000);

  it('the counting sees the SDK’s own base StdioClientTransport start a server twice (a probe copy, then the real one)', async () => {
    // What McpClient used before: the same SDK options on the base class. Proves a second start is counted.
    const [command, ...args] = [modern().Command, ...modern().Args];
    const sdk = new Client(
      { name: 'control', version: '1.0.0' },
      {
        supportedProtocolVersions: ['2026-07-28', '2025-11-25'],
        versionNegotiation: { mode: 'auto', probe: { timeoutMs: 5_000 } },
      },
    );
    await sdk.connect(new StdioClientTransport({ command: command ?? '', args, stderr: 'ignore' }));
    open.push(sdk);
    await sdk.listTools();
    expect(await startsIn(pids)).toBe(2);
    const requests = await requestsSeen();
    expect(requests.find((request) => request.method === 'server/discover')?.pid).not.toBe(
      requests.find((request) => request.method === 'tools/list')?.pid,
    );
  }, 30_000);

  it('a legacy server that exits on the probe still connects: a second process gets initialize alone, once', async () => {
    const { logger, lines } = capturingLogger();
    const client = await connect(raw('die', 'exit-before-initialize'), logger);
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2025-11-25');
    // Two processes here, by necessity: the first one spent its life on server/discover.
    expect(await startsIn(pids)).toBe(2);
    const [probed, serving] = await requestsSeen();
    expect(probed?.method).toBe('server/discover');
    expect(serving).toMatchObject({ method: 'initialize' });
    expect(serving?.pid).not.toBe(probed?.pid);
    expect(
      lines().filter((line) => line.msg.includes("MCP server 'counted' exited on the server/discover probe")),
    ).toHaveLength(1);

    // Its process dies on tools/call (mode die); the next request starts it again without the probe.
    const error = await client.callTool('probe', {}).catch((caught: McpClientError) => caught);
    expect(error).toMatchObject({ code: 'MCP_SERVER_CLOSED' });
    expect((await client.listTools()).map((tool) => tool.name)).toEqual(['probe']);
    expect(await startsIn(pids)).toBe(3);
    expect((await methodNames()).filter((method) => method === 'server/discover')).toHaveLength(1);
  }, 30_000);
});

describe('ProtocolVersion pins the revision', () => {
  it('a legacy revision: no server/discover, initialize offers only it, one process', async () => {
    const client = await connect({ ...raw('ok', 'initialize-version=echo'), ProtocolVersion: '2025-06-18' });
    expect(client.protocolVersion).toBe('2025-06-18');
    expect((await client.callTool('probe', {})).content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(await methodNames()).toEqual(['initialize', 'tools/call']);
    expect(await startsIn(pids)).toBe(1);
  }, 30_000);

  it('a legacy revision against server-everything: one process, the pinned revision in use', async () => {
    const client = await connect({ ...everything(), ProtocolVersion: '2024-11-05' });
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2024-11-05');
    expect(JSON.stringify((await client.callTool('get-sum', { a: 1, b: 1 })).content)).toContain('2');
    expect(await startsIn(pids)).toBe(1);
  }, 30_000);

  it('a legacy revision the server does not answer with is refused, naming the setting', async () => {
    const error = await connect({ ...raw('ok'), ProtocolVersion: '2025-06-18' }).catch(
      (caught: McpClientError) => caught,
    );
    expect(error).toMatchObject({ code: 'MCP_PROTOCOL_VERSION_UNSUPPORTED' });
    expect((error as Error).message).toContain(
      "MCP server 'counted' does not speak 2025-06-18, the revision MCP:Servers:counted:ProtocolVersion pins",
    );
    expect(await methodNames()).toEqual(['initialize']);
  }, 30_000);

  it('2026-07-28: one server/discover on the process that serves, one process', async () => {
    const client = await connect({ ...modern(), ProtocolVersion: '2026-07-28' });
    expect(client.era).toBe('modern');
    expect((await client.callTool('shout', { text: 'pinned' })).content).toEqual([{ type: 'text', text: 'PINNED' }]);
    expect(await methodNames()).toEqual(['server/discover', 'tools/call']);
    expect(await startsIn(pids)).toBe(1);
  }, 30_000);

  it('2026-07-28 against a legacy server fails at once, with no initialize and no second process', async () => {
    const error = await connect({ ...raw('ok'), ProtocolVersion: '2026-07-28' }).catch(
      (caught: McpClientError) => caught,
    );
    expect(error).toMatchObject({ code: 'MCP_PROTOCOL_VERSION_UNSUPPORTED' });
    expect((error as Error).message).toContain('MCP:Servers:counted:ProtocolVersion');
    expect(await methodNames()).toEqual(['server/discover']);
    expect(await startsIn(pids)).toBe(1);
  }, 30_000);
});

describe('-32022 on a tool call', () => {
  it('modern: server/discover again on the same process, which still lists 2026-07-28; the retry succeeds, one process', async () => {
    const client = await connect(modern('reject-first=tools/call'));
    expect((await client.callTool('shout', { text: 'again' })).content).toEqual([{ type: 'text', text: 'AGAIN' }]);
    expect(await methodNames()).toEqual(['server/discover', 'tools/call', 'server/discover', 'tools/call']);
    expect(await startsIn(pids)).toBe(1);
  }, 30_000);

  it('modern: when the server no longer lists the revision, one new process negotiates and the retry succeeds', async () => {
    const client = await connect(modern('reject-first=tools/call', `markers=${folder.path}`, 'reject-rediscover'));
    expect((await client.callTool('shout', { text: 'moved' })).content).toEqual([{ type: 'text', text: 'MOVED' }]);
    expect(await startsIn(pids)).toBe(2);
    const requests = await requestsSeen();
    expect(requests.map((request) => request.method)).toEqual([
      'server/discover',
      'tools/call',
      'server/discover',
      'server/discover',
      'tools/call',
    ]);
    expect(requests[2]?.pid).toBe(requests[0]?.pid);
    expect(requests[3]?.pid).not.toBe(requests[0]?.pid);
  }, 30_000);

  it('legacy: one new process negotiates again and the retry succeeds', async () => {
    const client = await connect(raw('ok', 'reject-first=tools/call', `markers=${folder.path}`));
    expect(client.era).toBe('legacy');
    expect((await client.callTool('probe', {})).content).toEqual([{ type: 'text', text: 'ok' }]);
    expect(await startsIn(pids)).toBe(2);
    expect(await methodNames()).toEqual([
      'server/discover',
      'initialize',
      'tools/call',
      'server/discover',
      'initialize',
      'tools/call',
    ]);
  }, 30_000);
});
