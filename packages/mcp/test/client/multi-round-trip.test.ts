import { afterEach, describe, expect, it } from 'vitest';
import { McpClient, type McpElicitation, type McpElicitationHandler } from '../../src/index.js';
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

  it('without a handler the input_required result is the call’s error, naming the server', async () => {
    const client = await connect();
    await expect(client.callTool('book_table', { day: 'Friday' })).rejects.toMatchObject({
      code: 'MCP_SERVER_REQUEST_FAILED',
    });
  });
});
