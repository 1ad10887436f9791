import { defineTool, type Tool, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import type { McpConnections } from './mcp-connections.js';

/** Longest wait an agent may ask for; the tool's own time limit is a little longer. */
const maxWaitSeconds = 600;

/**
 * `mcp_wait_for_resource_update`: an agent waits until a server announces that one of its resources
 * changed (a subscription, in either era), then reads the new content: reacting to a change instead
 * of polling. Joins the runtime when a connected server offers resource subscriptions.
 */
export function waitForResourceUpdateTool(connections: McpConnections): Tool {
  return defineTool({
    name: 'mcp_wait_for_resource_update',
    description:
      'Waits until an MCP server announces that one of its resources changed, then answers the new content. Give the server id and the resource\'s URI; answers "no change" after timeoutSeconds.',
    access: 'Read',
    timeoutMilliseconds: (maxWaitSeconds + 30) * 1000,
    // A resource URI (notes://today) names something on the MCP server; the tool never fetches it as a URL.
    identifierArguments: ['uri'],
    input: z.object({
      server: z.string().describe('The MCP server id, as in mcp:<server-id>.'),
      uri: z.string().min(1).describe('The URI of the resource to follow, e.g. notes://today.'),
      timeoutSeconds: z.number().positive().max(maxWaitSeconds).default(60).describe('How long to wait.'),
    }),
    execute: async ({ server, uri, timeoutSeconds }, { signal }) => {
      const client = connections.server(server)?.client;
      const following = connections.servers.filter((state) => state.client?.offersSubscriptions === true);
      if (client === undefined || !client.offersSubscriptions)
        return toolFailure(
          `MCP server '${server}' ${client === undefined ? 'is not connected' : 'does not offer resource subscriptions'}; servers that do: ${following.map((state) => state.id).join(', ') || '(none)'}.`,
        );
      let changed: () => void = () => undefined;
      const change = new Promise<'changed'>((resolve) => {
        changed = () => resolve('changed');
      });
      const subscription = await client.subscribeResource(uri, () => changed());
      try {
        const outcome = await Promise.race([change, elapsed(timeoutSeconds * 1000, signal)]);
        if (outcome === 'elapsed') return `No change to ${uri} within ${timeoutSeconds} s.`;
        const { contents } = await client.readResource(uri);
        const body = contents
          .map((content) =>
            'text' in content && typeof content.text === 'string'
              ? content.text
              : `[binary content, ${content.mimeType ?? 'no media type'}]`,
          )
          .join('\n');
        return `Resource ${uri} changed. Its content now:\n${body}`;
      } finally {
        await subscription.close();
      }
    },
  });
}

function elapsed(milliseconds: number, signal: AbortSignal): Promise<'elapsed'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('elapsed'), milliseconds);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve('elapsed');
    });
  });
}
