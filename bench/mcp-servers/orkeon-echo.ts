// Orkeon's MCP server with one echo tool, over Streamable HTTP (`http`: prints "listening <port>")
// or stdio (`stdio`). Every call crosses the invocation pipeline, as in `orkeon mcp serve`.
import { createRuntime, defineTool } from '@orkeon/core';
import { createMcpServer, serveMcpOverStdio, startMcpHttpServer } from '@orkeon/mcp';
import { z } from 'zod';

const runtime = await createRuntime({
  tools: [
    defineTool({
      name: 'echo',
      description: 'Answers its text.',
      access: 'Read',
      input: z.object({ text: z.string() }),
      execute: async ({ text }) => text,
    }),
  ],
});
const dispatcher = createMcpServer({ runtime, tools: ['echo'] });
if (process.argv[2] === 'stdio') {
  await serveMcpOverStdio({ dispatcher, input: process.stdin, output: process.stdout });
  await runtime.dispose();
} else {
  const server = await startMcpHttpServer({ dispatcher, port: 0 });
  process.stdout.write(`listening ${new URL(server.url).port}\n`);
}
