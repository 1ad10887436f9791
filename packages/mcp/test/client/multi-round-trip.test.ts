import { afterEach, describe, expect, it } from 'vitest';
import {
  McpClient,
  type McpElicitation,
  type McpElicitationHandler,
  type McpSamplingHandler,
  type McpSamplingRequest,
} from '../../src/index.js';
import { capturingLogger, modernServerPath, serverSettings } from './client-fixtures.js';

// Multi-round-trip requests of the 2026-07-28 revision against a real v2-SDK server over stdio:
// `book_table` answers `input_required` holding an elicitation; the client answers it and sends
// the call again with the answer, which the server reads.

const settings = serverSettings({ Command: process.execPath, Args: [modernServerPath, 'stdio'] });

const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function connect(elicitation?: McpElicitationHandler) {
  const client = await McpClient.connect('modern', settings, {
    logger: capturingLogger().logger,
    ...(elicitation === undefined ? {} : { elicitation }),
  });
  open.push(client);
  expect(client.era).toBe('modern');
  return client;
}

describe('multi-round-trip requests (2026-07-28)', () => {
  it('an input_required elicitation reaches the handler, and the call is sent again with the answer', async () => {
    const asked: McpElicitation[] = [];
    const client = await connect(async (request) => {
      asked.push(request);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    const result = await client.callTool('book_table', { day: 'Friday' });
    expect(result.isError).not.toBe(true);
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({
      action: 'accept',
      content: { name: 'Ada', guests: 2 },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      serverId: 'modern',
      toolName: 'book_table',
      message: 'Booking a table for Friday: who is it for?',
    });
  });

  it('a decline is sent back as such; the server decides what it means', async () => {
    const client = await connect(async () => ({ action: 'decline' }));
    const result = await client.callTool('book_table', { day: 'Friday' });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual({ action: 'decline' });
  });

  it('a sampling request inside input_required goes to the sampling handler when the entry enables it', async () => {
    const asked: McpSamplingRequest[] = [];
    const sampling: McpSamplingHandler = async (request) => {
      asked.push(request);
      return {
        role: 'assistant',
        content: { type: 'text', text: 'short' },
        model: 'test/model',
        stopReason: 'endTurn',
      };
    };
    const enabled = serverSettings({
      Command: process.execPath,
      Args: [modernServerPath, 'stdio'],
      Sampling: { Enabled: true },
    });
    const client = await McpClient.connect('modern', enabled, { logger: capturingLogger().logger, sampling });
    open.push(client);
    const result = await client.callTool('summarize', { text: 'a long text' });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toMatchObject({
      kind: 'sampling',
      result: { role: 'assistant', content: { type: 'text', text: 'short' }, model: 'test/model' },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ serverId: 'modern', call: { toolName: 'summarize' } });
    expect(asked[0]?.params).toMatchObject({ maxTokens: 30 });

    // Not enabled for the entry: the same handler is never asked, and the call fails.
    const closed = await McpClient.connect('modern', settings, { logger: capturingLogger().logger, sampling });
    open.push(closed);
    await expect(closed.callTool('summarize', { text: 'a long text' })).rejects.toMatchObject({
      code: 'MCP_SERVER_REQUEST_FAILED',
    });
    expect(asked).toHaveLength(1);
  });

  it('without a handler the input_required result is the call’s error, naming the server', async () => {
    const client = await connect();
    await expect(client.callTool('book_table', { day: 'Friday' })).rejects.toMatchObject({
      code: 'MCP_SERVER_REQUEST_FAILED',
    });
  });
});
