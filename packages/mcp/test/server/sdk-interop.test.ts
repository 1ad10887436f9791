import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orkeonCommand, quickstartCrew, startHttpServe } from './orkeon-process.js';

// The official SDK clients against `orkeon mcp serve`, a real process: the v1 line
// (initialize era only) and v2 (probing server/discover, then the 2026-07-28 revision).

const serveArgs = [
  'mcp',
  'serve',
  quickstartCrew,
  '-V',
  'topic=octopuses',
  '--tools',
  'directory_read,list_mounts,ask_writer',
];
const info = { name: 'interop-test', version: '1.0.0' };

let folder: TemporaryDirectory;
let http: Awaited<ReturnType<typeof startHttpServe>>;

beforeAll(async () => {
  folder = await createTemporaryDirectory();
  http = await startHttpServe(serveArgs.slice(2), { cwd: folder.path });
});
afterAll(async () => {
  await http.stop();
  await folder.remove();
});

function stdioParameters() {
  const { command, args } = orkeonCommand(serveArgs);
  return { command, args, cwd: folder.path, env: { PATH: process.env.PATH ?? '' } };
}

async function exercise(client: {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<unknown>;
}) {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['ask_writer', 'directory_read', 'list_mounts']);
  const listed = (await client.callTool({ name: 'directory_read', arguments: { path: '/crew' } })) as {
    content: { type: string; text: string }[];
    isError?: boolean;
  };
  expect(listed.isError).toBe(false);
  expect(listed.content[0]?.text).toContain('/crew/crew.yaml');
  const refused = (await client.callTool({ name: 'directory_read', arguments: { path: '/etc' } })) as {
    content: { text: string }[];
    isError?: boolean;
  };
  expect(refused.isError).toBe(true);
  expect(refused.content[0]?.text).toMatch(/^Error: /);
}

describe('the v1 SDK client (legacy era)', () => {
  it('over stdio: initialize, tools/list, tools/call', async () => {
    const client = new ClientV1(info);
    await client.connect(new StdioV1(stdioParameters()));
    try {
      expect(client.getServerVersion()?.name).toBe('Orkeon');
      await exercise(client);
      const prompts = await client.listPrompts();
      expect(prompts.prompts.map((prompt) => prompt.name)).toEqual(['research', 'write']);
    } finally {
      await client.close();
    }
  });

  it('over Streamable HTTP', async () => {
    const client = new ClientV1(info);
    await client.connect(new HttpV1(new URL(http.url)));
    try {
      await exercise(client);
      const resources = await client.listResources();
      expect(resources.resources.map((resource) => resource.uri)).toEqual(['orkeon://deliverables/output/note.md']);
    } finally {
      await client.close();
    }
  });
});

describe('the v2 SDK client (2026-07-28 after server/discover)', () => {
  it('over stdio, in auto mode, negotiates the modern revision', async () => {
    const client = new ClientV2(info, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StdioV2(stdioParameters()));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      await exercise(client);
    } finally {
      await client.close();
    }
  });

  it('over Streamable HTTP, pinned to 2026-07-28', async () => {
    const client = new ClientV2(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new HttpV2(new URL(http.url)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      await exercise(client);
      const prompt = await client.getPrompt({ name: 'research' });
      expect(prompt.messages[0]?.content).toMatchObject({ type: 'text', text: expect.stringContaining('octopuses') });
    } finally {
      await client.close();
    }
  });

  it('over Streamable HTTP, in legacy mode, still works (initialize era)', async () => {
    const client = new ClientV2(info);
    await client.connect(new HttpV2(new URL(http.url)));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
      await exercise(client);
    } finally {
      await client.close();
    }
  });
});
