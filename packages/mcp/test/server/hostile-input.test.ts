import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimMcpServe,
  createMcpServer,
  type McpHttpServer,
  McpServerError,
  parseAllowedOrigins,
  parseHttpAddress,
  serveMcpOverStdio,
} from '../../src/index.js';
import { createRuntimeCatalog } from '../../src/server/runtime-catalog.js';
import { post, request, servedRuntime, serveHttp } from './serve-fixture.js';

let served: Awaited<ReturnType<typeof servedRuntime>>;
let server: McpHttpServer;

beforeAll(async () => {
  served = await servedRuntime();
  server = await serveHttp(served.runtime, { maxMessageBytes: 2048, allowedOrigins: ['app.example.com'] });
});
afterAll(async () => {
  await server.close();
  await served.runtime.dispose();
});

describe('hostile input over HTTP', () => {
  it('malformed JSON is a parse error (-32700, 400)', async () => {
    const { status, body } = await post(server.url, '{"jsonrpc":"2.0","id":1,"method":');
    expect(status).toBe(400);
    expect(body.error.code).toBe(-32700);
    expect(body.id).toBeNull();
  });

  it.each([
    ['a batch', [request(1, 'ping')], -32600],
    ['a bare number', 7, -32600],
    ['a wrong jsonrpc version', { jsonrpc: '1.0', id: 1, method: 'ping' }, -32600],
    ['an object id', { jsonrpc: '2.0', id: { x: 1 }, method: 'ping' }, -32600],
    ['array params', { jsonrpc: '2.0', id: 1, method: 'ping', params: [1] }, -32602],
    ['no method', { jsonrpc: '2.0', id: 1 }, -32600],
  ])('%s is refused with %s', async (_, message, code) => {
    const { status, body } = await post(server.url, message);
    expect(status).toBe(400);
    expect(body.error.code).toBe(code);
  });

  it('an oversize message gets 413 and the server goes on serving', async () => {
    const big = request(1, 'tools/call', { name: 'echo', arguments: { text: 'x'.repeat(10_000) } });
    const { status, body } = await post(server.url, big);
    expect(status).toBe(413);
    expect(body.error.message).toContain('2048 bytes');
    expect((await post(server.url, request(2, 'ping'))).body.result).toEqual({});
  });

  it('an unknown method is -32601: 404 for a modern request, 200 for a legacy one', async () => {
    const modern = await post(server.url, request(1, 'tools/destroy', {}, true));
    expect(modern.status).toBe(404);
    expect(modern.body.error.code).toBe(-32601);
    const legacy = await post(server.url, request(2, 'tools/destroy'));
    expect(legacy.status).toBe(200);
    expect(legacy.body.error.code).toBe(-32601);
  });

  it('headers that disagree with a modern body get -32020 (400)', async () => {
    const version = await post(server.url, request(1, 'tools/list', {}, true), {
      'mcp-protocol-version': '2025-11-25',
    });
    expect(version.status).toBe(400);
    expect(version.body.error.code).toBe(-32020);
    const method = await post(server.url, request(2, 'tools/list', {}, true), {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
    });
    expect(method.body.error.code).toBe(-32020);
  });

  it('a foreign Origin gets 403; localhost and allowed hosts pass', async () => {
    expect((await post(server.url, request(1, 'ping'), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(server.url, request(1, 'ping'), { origin: 'http://localhost:3000' })).status).toBe(200);
    expect((await post(server.url, request(1, 'ping'), { origin: 'https://app.example.com' })).status).toBe(200);
  });

  it('a Host that is not loopback is refused on a loopback server (DNS rebinding)', async () => {
    const { port } = new URL(server.url);
    const { request: httpRequest } = await import('node:http');
    const status = await new Promise<number | undefined>((resolve) => {
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/mcp',
          method: 'POST',
          headers: { host: 'attacker.example', 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      outgoing.end(JSON.stringify(request(1, 'ping')));
    });
    expect(status).toBe(403);
  });

  it('GET is 405, a wrong content type 415, another path 404', async () => {
    expect((await fetch(server.url)).status).toBe(405);
    const text = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(text.status).toBe(415);
    expect((await fetch(server.url.replace('/mcp', '/other'), { method: 'POST' })).status).toBe(404);
  });
});

describe('hostile input over stdio', () => {
  async function exchange(lines: string, maxMessageBytes?: number) {
    const input = new PassThrough();
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = serveMcpOverStdio({
      dispatcher: createMcpServer({ runtime: served.runtime }),
      input,
      output,
      ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    });
    input.end(lines);
    await done;
    return Buffer.concat(chunks)
      .toString('utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
  }

  it('answers garbage with an error, skips an oversize line, and serves the lines after both', async () => {
    const answers = await exchange(
      [
        'not json',
        JSON.stringify(request(1, 'tools/call', { name: 'echo', arguments: { text: 'y'.repeat(500) } })),
        JSON.stringify(request(2, 'ping')),
        '',
      ].join('\n'),
      200,
    );
    // Answers leave as they are ready: the size check answers before the parse does.
    expect(answers).toHaveLength(3);
    expect(answers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: null,
          error: expect.objectContaining({ message: expect.stringContaining('not JSON') }),
        }),
        expect.objectContaining({
          id: null,
          error: expect.objectContaining({ code: -32700, message: expect.stringContaining('longer than 200 bytes') }),
        }),
        { jsonrpc: '2.0', id: 2, result: {} },
      ]),
    );
  });

  it('never answers notifications, and drops responses from the client', async () => {
    const answers = await exchange(
      [
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
        JSON.stringify({ jsonrpc: '2.0', id: 9, result: {} }),
        JSON.stringify(request(3, 'ping')),
      ].join('\n'),
    );
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 3, result: {} }]);
  });

  it('notifications/cancelled stops the named request', async () => {
    const answers = await exchange(
      [
        JSON.stringify(request(4, 'tools/call', { name: 'slow', arguments: { milliseconds: 20_000 } })),
        JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 4 } }),
      ].join('\n'),
    );
    expect(answers).toEqual([
      expect.objectContaining({
        id: 4,
        result: expect.objectContaining({
          isError: true,
          content: [{ type: 'text', text: "Error: Tool 'slow' was cancelled before it finished." }],
        }),
      }),
    ]);
  });
});

describe('refused starts', () => {
  it('--tools naming an unknown tool or human_input refuses, naming the served tools', () => {
    expect(() => createMcpServer({ runtime: served.runtime, tools: ['echo', 'nope'] })).toThrow(
      /'nope', which this server does not have\. Served tools: .*echo, .*slow, .*write_note\./,
    );
    const refused = (() => {
      try {
        createMcpServer({ runtime: served.runtime, tools: ['human_input'] });
      } catch (error) {
        return error;
      }
    })();
    expect(McpServerError.isInstance(refused) && refused.code).toBe('MCP_SERVE_TOOL_UNKNOWN');
    expect((refused as Error).message).toContain('never served');
  });

  it('the tools that work only inside a crew run are neither listed nor accepted in --tools', () => {
    const listed = createRuntimeCatalog({ runtime: served.runtime })
      .listTools()
      .map((tool) => tool.name);
    for (const name of ['spawn_agent', 'ask_question_to_coworker', 'delegate_work_to_coworker', 'human_input'])
      expect(listed).not.toContain(name);
    expect(() => createMcpServer({ runtime: served.runtime, tools: ['spawn_agent'] })).toThrow(
      /spawn_agent is never served: it works only for an agent inside a crew run; call ask_<agent-id> instead\./,
    );
  });

  it('ORKEON_MCP_SERVE already set refuses the start; otherwise the process is marked', () => {
    expect(() => claimMcpServe({ ORKEON_MCP_SERVE: '1' }, {})).toThrow(/ORKEON_MCP_SERVE is set/);
    const mark: Record<string, string | undefined> = {};
    claimMcpServe({}, mark);
    expect(mark.ORKEON_MCP_SERVE).toBe('1');
  });

  it.each(['8808', '127.0.0.1:8808', '[::1]:8808', '0.0.0.0:1'])('--http %s is an address', (text) => {
    expect(parseHttpAddress(text).port).toBe(Number(text.split(':').at(-1)));
  });

  it.each(['', 'host', 'host:99999', 'a b:80', 'http://x:80'])('--http %j is refused', (text) => {
    expect(() => parseHttpAddress(text)).toThrow(/is not an address/);
  });

  it('--allow-origin takes host names or origins and refuses anything else', () => {
    expect(parseAllowedOrigins(['App.Example.com', 'https://b.example:8443'])).toEqual([
      'app.example.com',
      'b.example',
    ]);
    expect(() => parseAllowedOrigins(['*'])).toThrow(/not a host name/);
  });
});
