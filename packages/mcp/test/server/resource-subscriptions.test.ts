import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioV2 } from '@modelcontextprotocol/client/stdio';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport as StdioV1 } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport as HttpV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orkeonCommand, startHttpServe } from './orkeon-process.js';

// Resource subscriptions served by `orkeon mcp serve`, to the official SDK clients: the legacy
// resources/subscribe (over stdio, and over HTTP through the session's GET stream) and
// 2026-07-28's subscriptions/listen. A host resource announces itself through `changed()`;
// a deliverable when its file is written (here by the test, as `orkeon run` would).

const crewModule = fileURLToPath(new URL('./fixtures/asking-crew.ts', import.meta.url));
const info = { name: 'subscriptions-test', version: '1.0.0' };
const deliverable = 'orkeon://deliverables/output/report.md';

let folder: TemporaryDirectory;
let http: Awaited<ReturnType<typeof startHttpServe>>;

beforeAll(async () => {
  folder = await createTemporaryDirectory();
  await mkdir(join(folder.path, 'out'));
  http = await startHttpServe([crewModule, '--mount', './out:/output:rw'], { cwd: folder.path });
}, 60_000);
afterAll(async () => {
  await http?.stop();
  await folder?.remove();
});

function stdioParameters() {
  const { command, args } = orkeonCommand(['mcp', 'serve', crewModule, '--mount', './out:/output:rw']);
  return { command, args, cwd: folder.path, env: { PATH: process.env.PATH ?? '' } };
}

/** The URIs announced as changed, and a way to wait for the next one. */
function updates() {
  const seen: string[] = [];
  const waiting: (() => void)[] = [];
  return {
    seen,
    hear(uri: string) {
      seen.push(uri);
      for (const wake of waiting.splice(0)) wake();
    },
    async next(count: number, timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (seen.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${seen.length} update(s) arrived: ${seen.join(', ')}`);
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
  };
}

const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

async function legacyFollows(transport: () => StdioV1 | HttpV1): Promise<void> {
  const heard = updates();
  const client = new ClientV1(info);
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, async (notification) =>
    heard.hear(notification.params.uri),
  );
  await client.connect(transport());
  try {
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    await client.subscribeResource({ uri: 'app://status' });
    await client.subscribeResource({ uri: deliverable });
    await client.callTool({ name: 'set_status', arguments: { status: 'busy' } });
    await heard.next(1);
    expect(heard.seen).toEqual(['app://status']);
    expect(await client.readResource({ uri: 'app://status' })).toMatchObject({ contents: [{ text: 'busy' }] });

    await writeFile(join(folder.path, 'out', 'report.md'), `# Report ${Date.now()}\n`);
    await heard.next(2);
    expect(heard.seen[1]).toBe(deliverable);

    await client.unsubscribeResource({ uri: 'app://status' });
    await client.callTool({ name: 'set_status', arguments: { status: 'open' } });
    await pause(500);
    expect(heard.seen).toHaveLength(2);

    await expect(client.subscribeResource({ uri: 'app://nothing' })).rejects.toThrow(
      /Resource not found: 'app:\/\/nothing'/,
    );
  } finally {
    await client.close();
  }
}

describe('resource subscriptions of orkeon mcp serve', () => {
  it('legacy era over stdio: resources/subscribe, updates between the answers, unsubscribe', async () => {
    await legacyFollows(() => new StdioV1(stdioParameters()));
  }, 60_000);

  it("legacy era over Streamable HTTP: updates on the session's GET stream", async () => {
    await legacyFollows(() => new HttpV1(new URL(http.url)));
  }, 60_000);

  it('2026-07-28 over Streamable HTTP and stdio: subscriptions/listen until the client closes it', async () => {
    for (const transport of [() => new HttpV2(new URL(http.url)), () => new StdioV2(stdioParameters())]) {
      const heard = updates();
      const client = new ClientV2(info, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
      client.setNotificationHandler('notifications/resources/updated', (notification) =>
        heard.hear(String((notification.params as { uri: string }).uri)),
      );
      await client.connect(transport());
      try {
        const subscription = await client.listen({ resourceSubscriptions: ['app://status'] });
        await client.callTool({ name: 'set_status', arguments: { status: 'closed' } });
        await heard.next(1);
        expect(heard.seen).toEqual(['app://status']);
        await subscription.close();
        await client.callTool({ name: 'set_status', arguments: { status: 'open' } });
        await pause(500);
        expect(heard.seen).toHaveLength(1);
      } finally {
        await client.close();
      }
    }
  }, 90_000);

  it('an HTTP session ends with DELETE; its id is then answered 404 with the way back', async () => {
    const transport = new HttpV1(new URL(http.url));
    const client = new ClientV1(info);
    await client.connect(transport);
    const session = transport.sessionId as string;
    await client.close();
    const ended = await fetch(http.url, { method: 'DELETE', headers: { 'mcp-session-id': session } });
    expect(ended.status).toBe(200);
    const after = await fetch(http.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': session,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(after.status).toBe(404);
    expect(((await after.json()) as { error: { message: string } }).error.message).toContain(
      'Send initialize again without Mcp-Session-Id',
    );
  }, 30_000);
});
