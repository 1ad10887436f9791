import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orkeonCommand, startHttpServe } from './orkeon-process.js';

// `ask_<agent-id>` end to end: the official SDK clients (v1 and v2) call a crew agent
// served by a real `orkeon mcp serve` process (stdio and --http); the agent runs on the
// scripted model server and calls its tools, which cross the permission gate (plan mode:
// the read passes, the write is denied by the gate, not by the mount).

const crew = `name: desk
goal: Answer questions about the crew folder
agents:
  clerk:
    role: Clerk
    goal: Answer questions from the files
    tools: [directory_read, file_write]
tasks:
  answer: { description: Answer the question, expected_output: an answer, agent: clerk }
`;
const info = { name: 'ask-agent-test', version: '1.0.0' };

let folder: TemporaryDirectory;
let model: ScriptedModelServer;
let http: Awaited<ReturnType<typeof startHttpServe>>;

beforeAll(async () => {
  folder = await createTemporaryDirectory();
  model = await startScriptedModelServer();
  await writeFile(join(folder.path, 'crew.yaml'), crew);
  await writeFile(
    join(folder.path, 'appsettings.json'),
    JSON.stringify({
      Llm: { BaseUrl: model.openAiBaseUrl, Model: 'scripted', MaxRetries: 0 },
      Svc: { Security: { PermissionGate: { Enabled: true, Mode: 'plan' } } },
    }),
  );
  http = await startHttpServe(['crew.yaml'], { cwd: folder.path });
}, 60_000);
afterAll(async () => {
  await http?.stop();
  await model?.close();
  await folder?.remove();
});

interface CallingClient {
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}
type ToolAnswer = { content: { type: string; text: string }[]; isError?: boolean };

function stdioParameters() {
  const { command, args } = orkeonCommand(['mcp', 'serve', 'crew.yaml']);
  return { command, args, cwd: folder.path, env: { PATH: process.env.PATH ?? '' } };
}

/** The tool results the model read after its tool calls, from the requests made since `from`. */
function toolMessagesSince(from: number): string[] {
  return model.requests
    .slice(from)
    .flatMap((request) => (request.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content));
}

async function askAndCheck(connect: () => Promise<CallingClient>): Promise<void> {
  const client = await connect();
  try {
    const from = model.requests.length;
    model.enqueue(
      {
        toolCalls: [
          { name: 'directory_read', arguments: { path: '/crew' } },
          { name: 'file_write', arguments: { path: '/crew/answer.md', content: 'an answer' } },
        ],
      },
      { text: 'The crew folder holds crew.yaml.' },
    );
    const answer = (await client.callTool({
      name: 'ask_clerk',
      arguments: { input: 'What is in the crew folder?' },
    })) as ToolAnswer;
    expect(answer).toMatchObject({
      content: [{ type: 'text', text: 'The crew folder holds crew.yaml.' }],
      isError: false,
    });
    expect(answer.content).toHaveLength(1);
    expect(JSON.stringify(model.requests[from]?.body?.messages)).toContain('What is in the crew folder?');
    const results = toolMessagesSince(from);
    expect(results).toHaveLength(2);
    expect(results[0]).toContain('crew.yaml');
    expect(results[1]).toMatch(/^DENIED: .*plan mode allows only reads\./);

    // The model fails (a 400 the run does not retry): the agent answers a tool error, not a protocol error.
    model.enqueue({ error: { status: 400, message: 'the scripted model refuses' } });
    const failed = (await client.callTool({ name: 'ask_clerk', arguments: { input: 'Try again.' } })) as ToolAnswer;
    expect(failed.isError).toBe(true);
    expect(failed.content[0]?.text).toMatch(/^Error: /);
    expect(failed.content[0]?.text).toContain('the scripted model refuses');
  } finally {
    await client.close();
  }
}

describe('ask_<agent> from the official SDK clients to orkeon mcp serve', () => {
  it('v1 client over stdio', async () => {
    await askAndCheck(async () => {
      const client = new ClientV1(info);
      await client.connect(new StdioV1(stdioParameters()));
      return client;
    });
  }, 60_000);

  it('v1 client over Streamable HTTP', async () => {
    await askAndCheck(async () => {
      const client = new ClientV1(info);
      await client.connect(new HttpV1(new URL(http.url)));
      return client;
    });
  }, 60_000);

  it('v2 client over stdio (2026-07-28 after server/discover)', async () => {
    await askAndCheck(async () => {
      const client = new ClientV2(info, { versionNegotiation: { mode: 'auto' } });
      await client.connect(new StdioV2(stdioParameters()));
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      return client;
    });
  }, 60_000);

  it('v2 client over Streamable HTTP (2026-07-28)', async () => {
    await askAndCheck(async () => {
      const client = new ClientV2(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      await client.connect(new HttpV2(new URL(http.url)));
      return client;
    });
  }, 60_000);
});
