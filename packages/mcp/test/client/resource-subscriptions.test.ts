import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpClient } from '../../src/index.js';
import { capturingLogger, serverSettings } from './client-fixtures.js';
// @ts-expect-error: a plain JavaScript fixture, run as its own process too.
import { startModernHttpServer } from './fixtures/modern-server.mjs';

// Following a server's resource with McpClient.subscribeResource, against real SDK servers: a v1
// one over stdio (legacy era, resources/subscribe) and a v2 one over HTTP (2026-07-28,
// subscriptions/listen).

const subscribingServerPath = fileURLToPath(new URL('./fixtures/subscribing-server.mjs', import.meta.url));

const open: McpClient[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function connect(path: string, ...args: string[]) {
  const client = await McpClient.connect(
    'notes',
    serverSettings({ Command: process.execPath, Args: [path, ...args] }),
    {
      logger: capturingLogger().logger,
    },
  );
  open.push(client);
  return client;
}

function text(result: { contents: unknown[] }): string {
  return (result.contents[0] as { text: string }).text;
}

describe('McpClient.subscribeResource', () => {
  it('legacy era: subscribes, hears the change, reads the new content, and unsubscribes on close', async () => {
    const client = await connect(subscribingServerPath);
    expect(client.era).toBe('legacy');
    expect(client.offersSubscriptions).toBe(true);
    expect(text(await client.readResource('notes://today'))).toBe('nothing yet');
    const changed = new Promise<string>((resolve) => {
      void client.subscribeResource('notes://today', resolve).then((subscription) => {
        void changed.then(() => subscription.close());
      });
    });
    expect(await changed).toBe('notes://today');
    expect(text(await client.readResource('notes://today'))).toBe('the octopus moved');
    // The close runs as the change is heard: waited for, not assumed done.
    await vi.waitFor(async () => {
      const seen = JSON.parse(((await client.callTool('subscriptions', {})).content[0] as { text: string }).text);
      expect(seen).toEqual({ subscribed: ['notes://today'], unsubscribed: ['notes://today'] });
    });
  });

  it('two listeners of one resource share one subscription; it ends when the last one leaves', async () => {
    const client = await connect(subscribingServerPath);
    const heard: string[] = [];
    const first = await client.subscribeResource('notes://today', (uri) => heard.push(`first ${uri}`));
    const second = await client.subscribeResource('notes://today', (uri) => heard.push(`second ${uri}`));
    await vi.waitFor(() => expect([...heard].sort()).toEqual(['first notes://today', 'second notes://today']), {
      timeout: 5_000,
    });
    await first.close();
    let seen = JSON.parse(((await client.callTool('subscriptions', {})).content[0] as { text: string }).text);
    expect(seen).toEqual({ subscribed: ['notes://today'], unsubscribed: [] });
    await second.close();
    await second.close();
    seen = JSON.parse(((await client.callTool('subscriptions', {})).content[0] as { text: string }).text);
    expect(seen).toEqual({ subscribed: ['notes://today'], unsubscribed: ['notes://today'] });
  });

  it('2026-07-28: a subscriptions/listen stream carries the change; close ends the stream', async () => {
    const server = (await startModernHttpServer()) as {
      url: string;
      seen: { body: { method?: string } }[];
      notify: { resourceUpdated(uri: string): void };
      close(): Promise<void>;
    };
    let closeFirst: McpClient | undefined;
    try {
      const client = await McpClient.connect('notes', serverSettings({ Transport: 'Http', Url: server.url }), {
        logger: capturingLogger().logger,
      });
      // Closed before the server, which waits for its connections to end.
      closeFirst = client;
      expect(client.era).toBe('modern');
      expect(client.offersSubscriptions).toBe(true);
      const heard: string[] = [];
      const subscription = await client.subscribeResource('fixture://readme', (uri) => heard.push(uri));
      expect(server.seen.map((request) => request.body?.method)).toContain('subscriptions/listen');
      server.notify.resourceUpdated('fixture://other');
      server.notify.resourceUpdated('fixture://readme');
      await vi.waitFor(() => expect(heard).toEqual(['fixture://readme']), { timeout: 5_000 });
      await subscription.close();
      server.notify.resourceUpdated('fixture://readme');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(['fixture://readme']);
    } finally {
      await closeFirst?.close();
      await server.close();
    }
  });

  it('a server without resources.subscribe is refused before anything is sent, naming the server', async () => {
    const client = await connect(subscribingServerPath.replace('subscribing-server', 'eliciting-server'));
    expect(client.offersSubscriptions).toBe(false);
    await expect(client.subscribeResource('notes://today', () => undefined)).rejects.toMatchObject({
      code: 'MCP_SERVER_REQUEST_FAILED',
      message: expect.stringContaining("MCP server 'notes' does not offer resource subscriptions"),
    });
  });
});
