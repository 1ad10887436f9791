import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orkeonCommand, startHttpServe } from './orkeon-process.js';

// What a served tool asks its client, end to end through `orkeon mcp serve` (stdio and --http):
// forms (elicitation) and the client's model (sampling), in the legacy era as requests on the
// call's stream, in 2026-07-28 as input_required rounds the official v2 client fulfils; and a
// served agent whose human_input question reaches the client's person.

const crewModule = fileURLToPath(new URL('./fixtures/asking-crew.ts', import.meta.url));
const info = { name: 'client-requests-test', version: '1.0.0' };

let folder: TemporaryDirectory;
let model: ScriptedModelServer;
let http: Awaited<ReturnType<typeof startHttpServe>>;

beforeAll(async () => {
  folder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
  await mkdir(join(folder.path, 'out'));
  await writeFile(
    join(folder.path, 'appsettings.json'),
    JSON.stringify({ Llm: { BaseUrl: model.openAiBaseUrl, Model: 'scripted', MaxRetries: 0 } }),
  );
  http = await startHttpServe([crewModule, '--mount', './out:/output:rw'], { cwd: folder.path });
}, 60_000);
afterAll(async () => {
  await http?.stop();
  await model?.close();
  await folder?.remove();
});

function stdioParameters() {
  const { command, args } = orkeonCommand(['mcp', 'serve', crewModule, '--mount', './out:/output:rw']);
  return { command, args, cwd: folder.path, env: { PATH: process.env.PATH ?? '' } };
}

type ToolAnswer = { content: { type: string; text: string }[]; isError?: boolean };
type Form = { message: string; requestedSchema: { properties: Record<string, unknown> } };

/** What the person and the model behind a test client answer, and what they were asked. */
function answering() {
  const forms: Form[] = [];
  const samples: Record<string, unknown>[] = [];
  return {
    forms,
    samples,
    elicit(params: Form) {
      forms.push(params);
      return 'guests' in params.requestedSchema.properties
        ? { action: 'accept' as const, content: { name: 'Ada', guests: 4 } }
        : { action: 'accept' as const, content: { sure: true } };
    },
    sample(params: Record<string, unknown>) {
      samples.push(params);
      return {
        role: 'assistant' as const,
        content: { type: 'text' as const, text: 'A short text.' },
        model: 'client-model',
        stopReason: 'endTurn',
      };
    },
  };
}

interface AskingClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

async function expectAnswers(client: AskingClient, asked: ReturnType<typeof answering>): Promise<void> {
  const booked = (await client.callTool({ name: 'book_table', arguments: { day: 'Friday' } })) as ToolAnswer;
  expect(booked).toMatchObject({ content: [{ type: 'text', text: 'Booked Friday for Ada (4 guests).' }] });
  expect(booked.isError).not.toBe(true);
  expect(asked.forms.map((form) => form.message)).toEqual([
    'Booking a table for Friday: who is it for?',
    'Book Friday for Ada?',
  ]);
  expect(asked.forms[0]?.requestedSchema.properties.guests).toEqual({ type: 'integer', default: 2 });

  const summary = (await client.callTool({ name: 'summarize', arguments: { text: 'A long text.' } })) as ToolAnswer;
  expect(summary.content[0]?.text).toBe('Summary by client-model: A short text.');
  expect(asked.samples[0]).toMatchObject({
    messages: [{ role: 'user', content: { type: 'text', text: 'Summarize: A long text.' } }],
    systemPrompt: 'Answer in one line.',
    maxTokens: 50,
  });
}

async function legacyClient(connect: (client: ClientV1) => Promise<void>, asked: ReturnType<typeof answering>) {
  const client = new ClientV1(info, { capabilities: { elicitation: {}, sampling: {} } });
  client.setRequestHandler(ElicitRequestSchema, async (request) => asked.elicit(request.params as never));
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => asked.sample(request.params));
  await connect(client);
  return client;
}

async function modernClient(connect: (client: ClientV2) => Promise<void>, asked: ReturnType<typeof answering>) {
  const client = new ClientV2(info, {
    capabilities: { elicitation: { form: {} }, sampling: {} },
    versionNegotiation: { mode: { pin: '2026-07-28' } },
    inputRequired: { autoFulfill: true, maxRounds: 5 },
  });
  client.setRequestHandler('elicitation/create', async (request) => asked.elicit(request.params as never));
  client.setRequestHandler('sampling/createMessage', async (request) => asked.sample(request.params) as never);
  await connect(client);
  return client;
}

describe('a served tool asks its client', () => {
  it('legacy era over stdio: elicitation/create and sampling/createMessage on the connection', async () => {
    const asked = answering();
    const client = await legacyClient((sdk) => sdk.connect(new StdioV1(stdioParameters())), asked);
    try {
      await expectAnswers(client, asked);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('legacy era over Streamable HTTP: requests on the call stream, answers as POSTs of the session', async () => {
    const asked = answering();
    const transport = new HttpV1(new URL(http.url));
    const client = await legacyClient((sdk) => sdk.connect(transport), asked);
    try {
      expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
      await expectAnswers(client, asked);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('2026-07-28 over Streamable HTTP and stdio: input_required rounds, the call waiting on the server', async () => {
    for (const transport of [() => new HttpV2(new URL(http.url)), () => new StdioV2(stdioParameters())]) {
      const asked = answering();
      const client = await modernClient((sdk) => sdk.connect(transport()), asked);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
        await expectAnswers(client, asked);
      } finally {
        await client.close();
      }
    }
  }, 90_000);

  it('a client that declared nothing is never asked: the tool sees no elicit or sample', async () => {
    for (const connect of [
      async () => {
        const client = new ClientV1(info);
        await client.connect(new HttpV1(new URL(http.url)));
        return client;
      },
      async () => {
        const client = new ClientV2(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
        await client.connect(new HttpV2(new URL(http.url)));
        return client;
      },
    ]) {
      const client = await connect();
      try {
        const booked = (await client.callTool({ name: 'book_table', arguments: { day: 'Friday' } })) as ToolAnswer;
        expect(booked.content[0]?.text).toBe('Error: this client cannot be asked (no elicitation capability).');
        const summary = (await client.callTool({ name: 'summarize', arguments: { text: 'x' } })) as ToolAnswer;
        expect(summary.content[0]?.text).toContain('no sampling capability');
      } finally {
        await client.close();
      }
    }
  }, 60_000);

  it("a served agent's human_input question reaches the client's person as a form", async () => {
    const asked = answering();
    const client = new ClientV1(info, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.forms.push(request.params as never);
      return { action: 'accept', content: { answer: 'Ada Lovelace' } };
    });
    await client.connect(new HttpV1(new URL(http.url)));
    try {
      const from = model.requests.length;
      model.enqueue(
        { toolCalls: [{ name: 'human_input', arguments: { question: 'Whose name is on the booking?' } }] },
        { text: 'The booking is for Ada Lovelace.' },
      );
      const answer = (await client.callTool({
        name: 'ask_clerk',
        arguments: { input: 'Who is the booking for?' },
      })) as ToolAnswer;
      expect(answer.content[0]?.text).toBe('The booking is for Ada Lovelace.');
      expect(asked.forms).toEqual([
        {
          message: 'Whose name is on the booking?',
          requestedSchema: {
            type: 'object',
            properties: { answer: { type: 'string', title: 'Answer' } },
            required: ['answer'],
          },
        },
      ]);
      const toolResults = model.requests
        .slice(from)
        .flatMap((request) => (request.body?.messages ?? []) as { role: string; content: unknown }[])
        .filter((message) => message.role === 'tool')
        .map((message) => String(message.content));
      expect(toolResults).toEqual(['Ada Lovelace']);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('a retry naming a requestState the server does not hold is refused with the way out', async () => {
    const response = await fetch(http.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'book_table',
          arguments: { day: 'Friday' },
          requestState: 'no-such-state',
          inputResponses: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
          },
        },
      }),
    });
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain('Send the call again without requestState');
  });
});
