import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
  toolResultText,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startOrkeonRun } from './orkeon-run.js';

// A crew run (`orkeon run`, a real process) whose agent calls a legacy MCP server's tool;
// the server asks for a form during the call, and the question reaches a person through
// the run's human-input channel: `input.needed` out, `input.given` back on standard input.

const elicitingServerPath = fileURLToPath(new URL('./fixtures/eliciting-server.mjs', import.meta.url));
const modernServerPath = fileURLToPath(new URL('./fixtures/modern-server.mjs', import.meta.url));

type Event = Record<string, unknown> & { kind: string };

/** Runs `orkeon run` from the sources; `answer` sees each event and may write lines to its standard input. */
function orkeonRun(
  args: readonly string[],
  cwd: string,
  environment: Record<string, string>,
  answer?: (event: Event, reply: (line: object) => void) => void,
) {
  const { child, output, exited } = startOrkeonRun(args, cwd, environment);
  const events: Event[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    let event: Event;
    try {
      event = JSON.parse(line) as Event;
    } catch {
      return;
    }
    events.push(event);
    answer?.(event, (reply) => child.stdin.write(`${JSON.stringify(reply)}\n`));
  });
  if (answer === undefined) child.stdin.end();
  return exited.then((code) => ({ code, events, stderr: output.stderr }));
}

let folder: TemporaryDirectory;
let model: ScriptedModelServer;
beforeEach(async () => {
  folder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
  await writeFile(
    join(folder.path, 'appsettings.json'),
    JSON.stringify({ MCP: { Servers: { forms: { Command: process.execPath, Args: [elicitingServerPath] } } } }),
  );
  await writeFile(
    join(folder.path, 'crew.yaml'),
    `name: booking
goal: Book a table
agents:
  booker: { role: Booker, goal: Book tables, tools: [mcp:forms] }
tasks:
  book: { description: Book a table for Friday, expected_output: the booking, agent: booker }
`,
  );
  model.enqueue({ toolCalls: [{ name: 'book_table', arguments: { day: 'Friday' } }] }, { text: 'Booked.' });
});
afterEach(async () => {
  await model.close();
  await folder.remove();
});

const environment = () => ({
  SVC_Llm__BaseUrl: model.openAiBaseUrl,
  SVC_Llm__Model: 'scripted',
  SVC_Llm__MaxRetries: '0',
});

/** What the server's tool answered, as the model read it in the second request. */
function toolAnswer(): { declared: unknown; action: string; content?: unknown } {
  const messages = (model.requests[1]?.body?.messages ?? []) as { role: string; content: string }[];
  const tool = messages.find((message) => message.role === 'tool');
  return JSON.parse(toolResultText(tool?.content ?? 'null'));
}

describe('orkeon run: an MCP server’s elicitation goes to the human-input channel', () => {
  it('--events jsonl: input.needed carries the form; a wrong answer is asked again; the right one, with defaults, reaches the server', async () => {
    const given: string[] = ['{"guests": 40}', '{"name": "Ada", "seating": "outside"}'];
    const result = await orkeonRun(['crew.yaml', '--events', 'jsonl'], folder.path, environment(), (event, reply) => {
      if (event.kind !== 'input.needed') return;
      reply({ kind: 'input.given', correlationId: event.correlationId, value: given.shift() });
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const asks = result.events.filter((event) => event.kind === 'input.needed');
    expect(asks).toHaveLength(2);
    // Asked in the name of the agent whose tool call the server was answering.
    expect(asks[0]).toMatchObject({ inputKind: 'text', source: 'tool', toolName: 'book_table', agentId: 'booker' });
    expect(asks[0]?.prompt).toContain(
      "MCP server 'forms' asks (during its tool 'book_table'): Booking a table for Friday",
    );
    expect(asks[0]?.prompt).toContain('seating: one of inside, outside, optional, default "inside"');
    expect(asks[1]?.prompt).toMatch(/^That answer was not used: .*name/);
    expect(toolAnswer()).toEqual({
      declared: { form: { applyDefaults: true } },
      action: 'accept',
      content: { name: 'Ada', guests: 2, seating: 'outside' },
    });
  }, 60_000);

  it('a 2026-07-28 server asks through a multi-round-trip request: the same channel, then the call is sent again', async () => {
    await writeFile(
      join(folder.path, 'appsettings.json'),
      JSON.stringify({ MCP: { Servers: { forms: { Command: process.execPath, Args: [modernServerPath, 'stdio'] } } } }),
    );
    const result = await orkeonRun(['crew.yaml', '--events', 'jsonl'], folder.path, environment(), (event, reply) => {
      if (event.kind !== 'input.needed') return;
      reply({ kind: 'input.given', correlationId: event.correlationId, value: '{"name": "Grace"}' });
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const asks = result.events.filter((event) => event.kind === 'input.needed');
    expect(asks).toHaveLength(1);
    expect(asks[0]).toMatchObject({ source: 'tool', toolName: 'book_table', agentId: 'booker' });
    expect(asks[0]?.prompt).toContain(
      "MCP server 'forms' asks (during its tool 'book_table'): Booking a table for Friday",
    );
    expect(toolAnswer()).toEqual({ action: 'accept', content: { name: 'Grace', guests: 2 } });
  }, 60_000);

  it('standard input ends before an answer: the server gets a decline and the run goes on', async () => {
    const result = await orkeonRun(['crew.yaml', '--events', 'jsonl'], folder.path, environment());
    expect(result.code).toBe(0);
    expect(result.events.filter((event) => event.kind === 'input.needed')).toHaveLength(1);
    expect(toolAnswer()).toMatchObject({ declared: { form: { applyDefaults: true } }, action: 'decline' });
  }, 60_000);

  it('no channel (no terminal, no --events jsonl): no capability is declared, and the server gets a decline', async () => {
    const result = await orkeonRun(['crew.yaml'], folder.path, environment());
    expect(result.code).toBe(0);
    expect(toolAnswer()).toEqual({ declared: null, action: 'decline' });
  }, 60_000);
});
