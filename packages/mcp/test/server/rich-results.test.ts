import { PassThrough } from 'node:stream';
import type { Runtime } from '@orkeon/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMcpServer, type McpHttpServer, serveMcpOverStdio } from '../../src/index.js';
import { pixel, postMessages, richRuntime, serveRich } from './rich-fixture.js';
import { modernMeta } from './serve-fixture.js';

let runtime: Runtime;
let server: McpHttpServer;
beforeEach(async () => {
  runtime = await richRuntime();
  server = await serveRich(runtime);
});
afterEach(async () => {
  await server.close();
  await runtime.dispose();
});

const call = (id: number, name: string, meta: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: {}, ...(Object.keys(meta).length === 0 ? {} : { _meta: meta }) },
});

describe('rich tool results over MCP', () => {
  it('carry every part in its MCP wire shape, in both eras', async () => {
    const expected = [
      { type: 'text', text: 'Sales:' },
      { type: 'image', data: pixel, mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource', resource: { uri: 'test://table', mimeType: 'text/csv', text: 'a,b\n1,2' } },
      { type: 'resource', resource: { uri: 'test://raw', mimeType: 'application/octet-stream', blob: 'AAEC' } },
    ];
    const legacy = await postMessages(server.url, call(1, 'chart'));
    expect(legacy.messages[0].result).toEqual({ content: expected, isError: false });
    const modern = await postMessages(server.url, call(2, 'chart', modernMeta));
    expect(modern.messages[0].result.content).toEqual(expected);
    expect(modern.messages[0].result.resultType).toBe('complete');
  });
});

describe('progress and log notifications during a call, over HTTP', () => {
  it('stream progress for a request with a progress token, as SSE before the answer (growing values only)', async () => {
    const answer = await postMessages(server.url, call(3, 'work', { progressToken: 'p-1' }));
    expect(answer.type).toMatch(/^text\/event-stream/);
    const progress = answer.messages.filter((message) => message.method === 'notifications/progress');
    expect(progress.map((message) => message.params)).toEqual([
      { progressToken: 'p-1', progress: 1, total: 3, message: 'step 1' },
      { progressToken: 'p-1', progress: 2, total: 3, message: 'step 2' },
      { progressToken: 'p-1', progress: 3, total: 3, message: 'step 3' },
    ]);
    // No logging level was set: no log messages.
    expect(answer.messages.filter((message) => message.method === 'notifications/message')).toEqual([]);
    expect(answer.messages.at(-1)).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { content: [{ type: 'text', text: 'worked' }], isError: false },
    });
  });

  it('answer plain JSON when nothing is sent during the call, or when the client does not take SSE', async () => {
    const quiet = await postMessages(server.url, call(4, 'work'));
    expect(quiet.type).toMatch(/^application\/json/);
    expect(quiet.messages).toHaveLength(1);
    const jsonOnly = await postMessages(server.url, call(5, 'work', { progressToken: 7 }), 'application/json');
    expect(jsonOnly.type).toMatch(/^application\/json/);
    expect(jsonOnly.messages[0].result.content).toEqual([{ type: 'text', text: 'worked' }]);
  });

  it('send the tool’s log lines at or above the level set by logging/setLevel (legacy era)', async () => {
    const set = await postMessages(server.url, {
      jsonrpc: '2.0',
      id: 6,
      method: 'logging/setLevel',
      params: { level: 'info' },
    });
    expect(set.messages[0].result).toEqual({});
    const answer = await postMessages(server.url, call(7, 'work'));
    const logs = answer.messages.filter((message) => message.method === 'notifications/message');
    expect(logs.map((message) => message.params)).toEqual([
      { level: 'info', logger: 'work', data: { message: 'halfway', rows: 3 } },
      { level: 'warning', logger: 'work', data: 'nearly done' },
    ]);
  });

  it('refuse an unknown level', async () => {
    const set = await postMessages(server.url, {
      jsonrpc: '2.0',
      id: 8,
      method: 'logging/setLevel',
      params: { level: 'loud' },
    });
    expect(set.messages[0].error.code).toBe(-32602);
    expect(set.messages[0].error.message).toContain('debug, info, notice, warning, error, critical, alert, emergency');
  });

  it('take the level from _meta in the modern era, and refuse one that is not a level', async () => {
    const answer = await postMessages(
      server.url,
      call(9, 'work', { ...modernMeta, 'io.modelcontextprotocol/logLevel': 'debug' }),
    );
    const levels = answer.messages.filter((m) => m.method === 'notifications/message').map((m) => m.params.level);
    expect(levels).toEqual(['debug', 'info', 'warning']);
    expect(answer.messages.at(-1).result.resultType).toBe('complete');
    const bad = await postMessages(
      server.url,
      call(10, 'work', { ...modernMeta, 'io.modelcontextprotocol/logLevel': 7 }),
    );
    expect(bad.messages[0].error.code).toBe(-32602);
  });
});

describe('progress and log notifications over stdio', () => {
  it('are written as lines before the answer', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: string[] = [];
    output.on('data', (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString()
          .split('\n')
          .filter((line) => line !== ''),
      ),
    );
    const served = serveMcpOverStdio({ dispatcher: createMcpServer({ runtime }), input, output });
    input.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'warning' } })}\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    input.end(`${JSON.stringify(call(2, 'work', { progressToken: 'tok' }))}\n`);
    await served;
    const messages = lines.map((line) => JSON.parse(line));
    expect(messages.map((message) => message.method ?? `answer ${message.id}`)).toEqual([
      'answer 1',
      'notifications/progress',
      'notifications/progress',
      'notifications/progress',
      'notifications/message',
      'answer 2',
    ]);
    expect(messages[4].params).toEqual({ level: 'warning', logger: 'work', data: 'nearly done' });
  });
});
