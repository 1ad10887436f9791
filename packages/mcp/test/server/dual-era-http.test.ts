import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpHttpServer } from '../../src/index.js';
import { post, request, servedRuntime, serveHttp } from './serve-fixture.js';

let server: McpHttpServer;
let audit: Awaited<ReturnType<typeof servedRuntime>>['audit'];
let dispose: () => Promise<void>;

beforeAll(async () => {
  const served = await servedRuntime();
  audit = served.audit;
  server = await serveHttp(served.runtime, { withCrew: true });
  dispose = async () => {
    await server.close();
    await served.runtime.dispose();
  };
});
afterAll(() => dispose());

describe('both eras on one endpoint', () => {
  it('server/discover names the modern versions, capabilities without listChanged, cache hints and the identity', async () => {
    const { status, body } = await post(server.url, request(1, 'server/discover', {}, true));
    expect(status).toBe(200);
    expect(body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, resources: {}, prompts: {}, completions: {} },
      ttlMs: expect.any(Number),
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'Orkeon', version: '1.0.0' } },
    });
    expect(body.result.capabilities.tools.listChanged).toBeUndefined();
  });

  it('a request declaring an unsupported _meta version gets -32022 with { supported, requested } and status 400', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2099-01-01',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    };
    const { status, body } = await post(server.url, message);
    expect(status).toBe(400);
    expect(body.error.code).toBe(-32022);
    expect(body.error.data).toEqual({ supported: ['2026-07-28'], requested: '2099-01-01' });
  });

  it('a modern request without client capabilities is invalid params (400)', async () => {
    const message = {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/list',
      params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } },
    };
    const { status, body } = await post(server.url, message);
    expect(status).toBe(400);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain('clientCapabilities');
  });

  it.each([
    ['2025-11-25', '2025-11-25'],
    ['2025-06-18', '2025-06-18'],
    ['2024-11-05', '2024-11-05'],
    ['2025-03-26', '2025-11-25'],
    ['1999-01-01', '2025-11-25'],
  ])('initialize offering %s is answered with %s', async (offered, answered) => {
    const { body } = await post(
      server.url,
      request(4, 'initialize', { protocolVersion: offered, capabilities: {}, clientInfo: { name: 't', version: '1' } }),
    );
    expect(body.result.protocolVersion).toBe(answered);
    expect(body.result.serverInfo).toEqual({ name: 'Orkeon', version: '1.0.0' });
  });

  it('ping is legacy-only: answered without _meta, unknown (404) with it', async () => {
    expect((await post(server.url, request(5, 'ping'))).body).toEqual({ jsonrpc: '2.0', id: 5, result: {} });
    const modern = await post(server.url, request(6, 'ping', {}, true));
    expect(modern.status).toBe(404);
    expect(modern.body.error.code).toBe(-32601);
    const initialize = await post(server.url, request(7, 'initialize', { protocolVersion: '2025-11-25' }, true));
    expect(initialize.status).toBe(404);
  });

  it('notifications are never answered: 202 and no body', async () => {
    const response = await post(server.url, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(response).toEqual({ status: 202, body: undefined });
    const unknown = await post(server.url, { jsonrpc: '2.0', method: 'no/such/notification' });
    expect(unknown).toEqual({ status: 202, body: undefined });
  });

  it('tools/list is sorted by name, carries resultType and cache hints, never human_input, and adds ask_<agent>', async () => {
    const { body } = await post(server.url, request(8, 'tools/list', {}, true));
    const names = body.result.tools.map((tool: { name: string }) => tool.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('ask_writer');
    expect(names).toContain('echo');
    expect(names).not.toContain('human_input');
    expect(body.result).toMatchObject({ resultType: 'complete', ttlMs: expect.any(Number), cacheScope: 'public' });
    const echo = body.result.tools.find((tool: { name: string }) => tool.name === 'echo');
    expect(echo).toMatchObject({ annotations: { readOnlyHint: true }, inputSchema: { type: 'object' } });
    // The legacy era gets the same list, with the cache hints.
    const legacy = await post(server.url, request(9, 'tools/list'));
    expect(legacy.body.result.tools.map((tool: { name: string }) => tool.name)).toEqual(names);
  });

  it('tools/call crosses the pipeline under caller mcp', async () => {
    const before = audit.length;
    const { body } = await post(
      server.url,
      request(10, 'tools/call', { name: 'echo', arguments: { text: 'hi' } }, true),
    );
    expect(body.result).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
      isError: false,
      resultType: 'complete',
    });
    expect(audit.slice(before)).toEqual([
      expect.objectContaining({ tool: 'echo', caller: { kind: 'mcp' }, outcome: 'Success' }),
    ]);
  });

  it('invalid arguments are refused by the pipeline as a tool error reading "Error: …"', async () => {
    const { body } = await post(server.url, request(11, 'tools/call', { name: 'echo', arguments: { text: 42 } }));
    expect(body.result.isError).toBe(true);
    expect(body.result.content[0].text).toMatch(/^Error: Invalid arguments for tool 'echo'/);
  });

  it('human_input cannot be called, and an unknown tool is invalid params naming the served ones', async () => {
    const { body } = await post(
      server.url,
      request(12, 'tools/call', { name: 'human_input', arguments: { question: 'q' } }),
    );
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain("Unknown tool 'human_input'");
    expect(body.error.message).toContain('echo');
  });

  it('answers concurrent requests as they finish, not in arrival order', async () => {
    const finished: string[] = [];
    const slow = post(server.url, request(13, 'tools/call', { name: 'slow', arguments: { milliseconds: 400 } })).then(
      (answer) => finished.push(`slow:${answer.body.result.content[0].text}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await post(server.url, request(14, 'tools/call', { name: 'echo', arguments: { text: 'fast' } })).then((answer) =>
      finished.push(`fast:${answer.body.result.content[0].text}`),
    );
    await slow;
    expect(finished).toEqual(['fast:fast', 'slow:slept 400']);
  });

  it("serves the crew's tasks as prompts whose {placeholders} are arguments", async () => {
    const list = await post(server.url, request(15, 'prompts/list', {}, true));
    expect(list.body.result.prompts).toEqual([
      {
        name: 'draft',
        description: 'Draft a note about {topic} for {reader}.',
        arguments: [
          { name: 'topic', required: true },
          { name: 'reader', required: true },
        ],
      },
    ]);
    const got = await post(
      server.url,
      request(16, 'prompts/get', { name: 'draft', arguments: { topic: 'tides', reader: 'kids' } }),
    );
    expect(got.body.result.messages[0]).toEqual({
      role: 'user',
      content: { type: 'text', text: 'Draft a note about tides for kids.\n\nExpected output: A short note' },
    });
    const missing = await post(
      server.url,
      request(17, 'prompts/get', { name: 'draft', arguments: { topic: 'tides' } }),
    );
    expect(missing.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('reader') });
  });

  it("serves the crew's deliverables as resources; one not written yet is not found (-32002 legacy, -32602 modern)", async () => {
    const list = await post(server.url, request(18, 'resources/list'));
    expect(list.body.result.resources).toEqual([
      expect.objectContaining({ uri: 'orkeon://deliverables/out/note.md', name: 'draft', mimeType: 'text/markdown' }),
    ]);
    const legacy = await post(server.url, request(19, 'resources/read', { uri: 'orkeon://deliverables/out/note.md' }));
    expect(legacy.body.error.code).toBe(-32002);
    const modern = await post(
      server.url,
      request(20, 'resources/read', { uri: 'orkeon://deliverables/out/note.md' }, true),
    );
    expect(modern.body.error.code).toBe(-32602);
    const outside = await post(
      server.url,
      request(21, 'resources/read', { uri: 'orkeon://deliverables/etc/passwd' }, true),
    );
    expect(outside.body.error.message).toContain('Resource not found');
  });
});
