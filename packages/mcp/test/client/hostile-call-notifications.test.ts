import type { ToolProgress } from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient, type McpLogMessage } from '../../src/index.js';
import { capturingLogger, rawServer } from './client-fixtures.js';

// A hand-written legacy server (fixtures/raw-stdio-server.mjs) sends what a careless or
// hostile server might during a call; the call must survive and the listeners hear only
// what MCP allows.

const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function connect(mode: string, logLevel = 'info') {
  const log = capturingLogger();
  const client = await McpClient.connect(mode, rawServer(mode, { LogLevel: logLevel }), { logger: log.logger });
  open.push(client);
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields of the lines it checks
  return { client, lines: () => log.lines() as any[] };
}

const text = (result: { content?: unknown[] }) => (result.content?.[0] as { text?: string } | undefined)?.text;

describe('notifications during a call from a hostile server', () => {
  it('ignore unknown tokens, non-numeric or shrinking progress and unknown levels; the call answers', async () => {
    const { client, lines } = await connect('noisy');
    const progress: ToolProgress[] = [];
    const logs: McpLogMessage[] = [];
    const result = await client.callTool(
      'probe',
      {},
      { onProgress: (update) => progress.push(update), onLog: (message) => logs.push(message) },
    );
    expect(text(result)).toBe('survived');
    // Only the well-formed reports for this call's token that grow: 2 of 4, then 4 of 4.
    expect(progress).toEqual([
      { progress: 2, total: 4, message: 'half' },
      { progress: 4, total: 4 },
    ]);
    // The debug message is below LogLevel info, 'loud' and {} are not log messages.
    expect(logs).toEqual([
      {
        level: 'error',
        logger: 'db',
        data: { message: 'disk full', level: 'info', mcpServer: 'other', password: 'hunter2' },
      },
      { level: 'critical', data: [1, 2] },
    ]);
    // The level was set with logging/setLevel after initialize; its notice came outside any call.
    expect(lines()).toContainEqual(expect.objectContaining({ level: 30, mcpServer: 'noisy', msg: 'level info' }));
  });

  it('a listener that throws costs a warning, not the call', async () => {
    const { client, lines } = await connect('noisy');
    const result = await client.callTool(
      'probe',
      {},
      {
        onProgress: () => {
          throw new Error('listener broke');
        },
      },
    );
    expect(text(result)).toBe('survived');
    expect(lines().filter((line) => line.msg === 'an MCP progress listener failed')).toHaveLength(2);
  });

  it('a flood reaches the listeners, every report and message, and the call still answers', async () => {
    const { client } = await connect('flood');
    let reports = 0;
    let last = 0;
    let messages = 0;
    const result = await client.callTool(
      'probe',
      {},
      {
        onProgress: (update) => {
          reports++;
          last = update.progress;
        },
        onLog: () => messages++,
      },
    );
    expect(text(result)).toBe('flooded');
    expect({ reports, last, messages }).toEqual({ reports: 10_000, last: 10_000, messages: 10_000 });
  }, 30_000);

  it('with LogLevel off nothing is asked for and what comes anyway is dropped', async () => {
    const { client, lines } = await connect('noisy', 'off');
    const logs: McpLogMessage[] = [];
    await client.callTool('probe', {}, { onLog: (message) => logs.push(message) });
    expect(logs).toEqual([]);
    // No logging/setLevel was sent: the server never said which level it got.
    expect(lines().filter((line) => line.mcpServer === 'noisy')).toEqual([]);
  });

  it('with two calls in flight a log message goes to Orkeon’s log, not to either call', async () => {
    const { client, lines } = await connect('pair');
    const heard: McpLogMessage[] = [];
    const listen = { onLog: (message: McpLogMessage) => heard.push(message) };
    const first = client.callTool('probe', {}, listen);
    const second = client.callTool('probe', {}, listen);
    expect((await Promise.all([first, second])).map(text)).toEqual(['first', 'second']);
    expect(heard).toEqual([]);
    expect(lines()).toContainEqual(expect.objectContaining({ level: 40, mcpServer: 'pair', msg: 'whose is this?' }));
  });

  it('a server’s fields stay under data: it cannot rewrite level or mcpServer, and secrets are redacted', async () => {
    const { client, lines } = await connect('noisy');
    await client.callTool('probe', {});
    // No call listened, so the messages went to the connection's logger.
    const line = lines().find((entry) => entry.msg === 'disk full');
    expect(line).toMatchObject({
      level: 50,
      mcpServer: 'noisy',
      mcpLogger: 'db',
      data: { level: 'info', mcpServer: 'other', password: '[REDACTED]' },
    });
    expect(lines()).toContainEqual(expect.objectContaining({ level: 60, msg: '', data: [1, 2] }));
  });
});
