import { afterEach, describe, expect, it } from 'vitest';
import { McpClient, type McpClientError } from '../../src/index.js';
import {
  capturingLogger,
  everythingServerPath,
  modernServerPath,
  rawServer,
  serverSettings,
} from './client-fixtures.js';
// @ts-expect-error: a plain JavaScript fixture, run as its own process too.
import { startModernHttpServer } from './fixtures/modern-server.mjs';

interface ModernHttpServer {
  url: string;
  seen: { headers: Record<string, string | undefined>; body: { method?: string; params?: Record<string, unknown> } }[];
  close(): Promise<void>;
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((thing) => thing.close()));
});

async function connect(id: string, entry: Record<string, unknown>) {
  const client = await McpClient.connect(id, serverSettings(entry), { logger: capturingLogger().logger });
  open.push(client);
  return client;
}

async function modernHttp(options: { rejectFirst?: string } = {}): Promise<ModernHttpServer> {
  const server = (await startModernHttpServer(options)) as ModernHttpServer;
  open.push(server);
  return server;
}

const meta = (body: { params?: Record<string, unknown> }) => body.params?._meta as Record<string, unknown> | undefined;

describe('McpClient against a legacy server (server-everything over stdio)', () => {
  it('falls back to initialize after the probe fails, and lists and calls tools, resources and prompts', async () => {
    const client = await connect('everything', { Command: process.execPath, Args: [everythingServerPath, 'stdio'] });
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2025-11-25');
    const names = (await client.listTools()).map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const sum = await client.callTool('get-sum', { a: 2, b: 3 });
    expect(JSON.stringify(sum.content)).toContain('5');
    const resources = await client.listResources();
    expect(resources.length).toBeGreaterThan(0);
    const first = resources[0];
    const read = await client.readResource(first?.uri ?? '');
    expect(read.contents[0]?.uri).toBe(first?.uri);
    const prompts = (await client.listPrompts()).map((prompt) => prompt.name);
    expect(prompts).toContain('simple-prompt');
    const prompt = await client.getPrompt('simple-prompt');
    expect(prompt.messages.length).toBeGreaterThan(0);
  }, 30_000);

  it('offers 2025-11-25 in initialize and accepts 2024-11-05 in answer', async () => {
    const echoing = await McpClient.connect('raw', rawServer('ok', {}, 'initialize-version=echo'), {
      logger: capturingLogger().logger,
    });
    open.push(echoing);
    expect(echoing.protocolVersion).toBe('2025-11-25');
    const older = await McpClient.connect('old', rawServer('ok', {}, 'initialize-version=2024-11-05'), {
      logger: capturingLogger().logger,
    });
    open.push(older);
    expect(older.protocolVersion).toBe('2024-11-05');
    expect(older.era).toBe('legacy');
  }, 30_000);

  it('refuses a server that answers initialize with 2025-03-26, which Orkeon never speaks', async () => {
    const error = await McpClient.connect('batching', rawServer('ok', {}, 'initialize-version=2025-03-26'), {
      logger: capturingLogger().logger,
    }).catch((caught: McpClientError) => caught);
    expect(error).toMatchObject({ code: 'MCP_PROTOCOL_VERSION_UNSUPPORTED' });
    expect((error as Error).message).toContain("MCP server 'batching'");
  }, 30_000);
});

describe('McpClient against a stateless server built with the v2 SDK', () => {
  it('adopts 2026-07-28 from server/discover and puts _meta and the headers on every request', async () => {
    const server = await modernHttp();
    const client = await connect('modern', {
      Transport: 'Http',
      Url: server.url,
      BearerToken: 'secret-token-1',
      Headers: { 'X-Team': 'orkeon' },
    });
    expect(client.era).toBe('modern');
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(client.serverInfo?.name).toBe('modern-fixture');
    const result = await client.callTool('echo', { text: 'hi' });
    expect(result.content).toEqual([{ type: 'text', text: 'echo: hi' }]);
    expect((await client.readResource('fixture://readme')).contents[0]).toMatchObject({ text: 'the fixture readme' });
    expect((await client.getPrompt('greet', { name: 'Ada' })).messages[0]?.content).toMatchObject({
      text: 'Hello Ada',
    });

    expect(server.seen[0]?.body.method).toBe('server/discover');
    expect(server.seen.map((request) => request.body.method)).not.toContain('initialize');
    for (const { headers, body } of server.seen) {
      expect(meta(body)).toMatchObject({
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'Orkeon', version: '1.0.0' },
        'io.modelcontextprotocol/clientCapabilities': {},
      });
      expect(headers['mcp-protocol-version']).toBe('2026-07-28');
      expect(headers['mcp-method']).toBe(body.method);
      expect(headers.authorization).toBe('Bearer secret-token-1');
      expect(headers['x-team']).toBe('orkeon');
    }
    const call = server.seen.find((request) => request.body.method === 'tools/call');
    expect(call?.headers['mcp-name']).toBe('echo');
  });

  it('reads the supported list of a -32022 answer to the probe and retries', async () => {
    const server = await modernHttp({ rejectFirst: 'server/discover' });
    const client = await connect('modern', { Transport: 'Sse', Url: server.url });
    expect(client.protocolVersion).toBe('2026-07-28');
    expect(server.seen.filter((request) => request.body.method === 'server/discover')).toHaveLength(2);
    expect(server.seen.map((request) => request.body.method)).not.toContain('initialize');
  });

  it('renegotiates once and retries when a request gets -32022 mid-flight', async () => {
    const server = await modernHttp({ rejectFirst: 'tools/call' });
    const client = await connect('modern', { Transport: 'Http', Url: server.url });
    const result = await client.callTool('shout', { text: 'again' });
    expect(result.content).toEqual([{ type: 'text', text: 'AGAIN' }]);
    // The SDK also opens a subscriptions/listen stream for list changes; only the calls matter here.
    const methods = server.seen
      .map((request) => request.body.method)
      .filter((method) => method !== 'subscriptions/listen');
    expect(methods).toEqual(['server/discover', 'tools/call', 'server/discover', 'tools/call']);
  });

  it('speaks 2026-07-28 over stdio too', async () => {
    const client = await connect('modern-stdio', { Command: process.execPath, Args: [modernServerPath, 'stdio'] });
    expect(client.era).toBe('modern');
    expect((await client.callTool('echo', { text: 'pipe' })).content).toEqual([{ type: 'text', text: 'echo: pipe' }]);
  }, 30_000);
});
