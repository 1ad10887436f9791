import { fileURLToPath } from 'node:url';
import { HumanInputAsker, PendingHumanInput } from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  elicitationThroughHumanInput,
  McpClient,
  type McpElicitation,
  type McpElicitationHandler,
} from '../../src/index.js';
import { capturingLogger, serverSettings } from './client-fixtures.js';

// Orkeon's client answering a legacy server's `elicitation/create` (a real v1-SDK server
// process over stdio): the capability, SEP-1034 defaults, the check against the form.

const elicitingServerPath = fileURLToPath(new URL('./fixtures/eliciting-server.mjs', import.meta.url));
const settings = serverSettings({ Command: process.execPath, Args: [elicitingServerPath] });

const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function book(elicitation?: McpElicitationHandler) {
  const log = capturingLogger();
  const client = await McpClient.connect('forms', settings, {
    logger: log.logger,
    ...(elicitation === undefined ? {} : { elicitation }),
  });
  open.push(client);
  const result = await client.callTool('book_table', { day: 'Friday' });
  const text = (result.content[0] as { text: string }).text;
  return {
    answer: JSON.parse(text) as { declared: unknown; action: string; content?: Record<string, unknown> },
    warnings: log
      .lines()
      .filter((line) => line.level >= 40)
      .map((line) => line.msg),
  };
}

describe('McpClient and elicitation/create', () => {
  it('with a handler: declares form elicitation with applyDefaults, fills in the defaults the answer left out', async () => {
    const asked: McpElicitation[] = [];
    const { answer } = await book(async (request) => {
      asked.push(request);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    expect(answer).toEqual({
      declared: { form: { applyDefaults: true } },
      action: 'accept',
      content: { name: 'Ada', guests: 2, seating: 'inside' },
    });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      serverId: 'forms',
      toolName: 'book_table',
      message: 'Booking a table for Friday: who is it for?',
    });
  });

  it('an answer that does not fit the form (after the defaults) is declined, with a warning naming why', async () => {
    const { answer, warnings } = await book(async () => ({ action: 'accept', content: { guests: 40 } }));
    expect(answer).toMatchObject({ action: 'decline' });
    expect(answer.content).toBeUndefined();
    expect(warnings.join('\n')).toMatch(
      /MCP server 'forms' asked for input; the answer was declined because it does not fit the form: .*name/,
    );
  });

  it('a handler that fails is a decline, and cancel passes through', async () => {
    const failed = await book(async () => {
      throw new Error('the form broke');
    });
    expect(failed.answer.action).toBe('decline');
    expect(failed.warnings.join('\n')).toContain('the form broke');
    const cancelled = await book(async () => ({ action: 'cancel' }));
    expect(cancelled.answer.action).toBe('cancel');
  });

  it('without a handler: no capability is declared, and a server that asks anyway is declined at once', async () => {
    const { answer } = await book();
    expect(answer).toEqual({ declared: null, action: 'decline' });
  });
});

describe('elicitationThroughHumanInput', () => {
  const request: McpElicitation = {
    serverId: 'forms',
    message: 'Who is it for?',
    toolName: 'book_table',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        guests: { type: 'integer', minimum: 1, maximum: 12, default: 2 },
      },
      required: ['name'],
    },
  };

  function channel() {
    const pending = new PendingHumanInput();
    const prompts: string[] = [];
    const asker = new HumanInputAsker({ channel: () => pending, observe: (ask) => prompts.push(ask.prompt) });
    return { pending, prompts, handler: elicitationThroughHumanInput(asker) };
  }

  it('asks again, naming the problem, when the answer does not fit; then accepts with the defaults', async () => {
    const { pending, prompts, handler } = channel();
    const answer = handler(request, new AbortController().signal);
    await expect.poll(() => pending.pending.length).toBe(1);
    pending.answer('{"guests": 40}');
    await expect.poll(() => prompts.length).toBe(2);
    expect(prompts[0]).toContain("MCP server 'forms' asks (during its tool 'book_table'): Who is it for?");
    expect(prompts[0]).toContain('guests: integer, optional, minimum 1, maximum 12, default 2');
    expect(prompts[1]).toMatch(/^That answer was not used: .+\. Please answer again\./);
    pending.answer('{"name": "Ada"}');
    await expect(answer).resolves.toEqual({ action: 'accept', content: { name: 'Ada', guests: 2 } });
  });

  it('decline and cancel are read as such; three answers that do not fit, or no answer, decline', async () => {
    for (const [text, action] of [
      ['decline', 'decline'],
      ['Cancel', 'cancel'],
    ] as const) {
      const { pending, handler } = channel();
      const answer = handler(request, new AbortController().signal);
      await expect.poll(() => pending.pending.length).toBe(1);
      pending.answer(text);
      await expect(answer).resolves.toEqual({ action });
    }
    const { pending, prompts, handler } = channel();
    const answer = handler(request, new AbortController().signal);
    for (const bad of ['not json', '[1]', '{}']) {
      await expect.poll(() => pending.pending.length).toBe(1);
      pending.answer(bad);
    }
    await expect(answer).resolves.toEqual({ action: 'decline' });
    expect(prompts).toHaveLength(3);

    const closed = channel();
    closed.pending.close();
    await expect(closed.handler(request, new AbortController().signal)).resolves.toEqual({ action: 'decline' });
    const none = elicitationThroughHumanInput(new HumanInputAsker({ channel: () => undefined }));
    await expect(none(request, new AbortController().signal)).resolves.toEqual({ action: 'decline' });
  });
});
