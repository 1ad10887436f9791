// The official MCP SDK (v2) with the same echo tool: createMcpHandler behind node:http
// (`http`: prints "listening <port>"), or serveStdio (`stdio`). Both eras, as the SDK serves them.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler } from '@modelcontextprotocol/node';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

function factory() {
  const server = new McpServer({ name: 'sdk-echo', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Answers its text.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  );
  return server;
}

if (process.argv[2] === 'stdio') {
  serveStdio(factory);
} else {
  const handler = toNodeHandler(createMcpHandler(factory));
  // The SDK types `method?: string`, which Node's `string | undefined` misses under exactOptionalPropertyTypes.
  const server = createServer((request, response) => void handler(request as Parameters<typeof handler>[0], response));
  server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`));
}
