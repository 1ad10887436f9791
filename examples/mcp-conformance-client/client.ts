// The MCP client entry point the official conformance suite drives:
//   conformance client --command "node --conditions=@orkeon/source --import tsx examples/mcp-conformance-client/client.ts"
// The suite starts a scenario server and runs this file with its URL as the last
// argument and the scenario's name in MCP_CONFORMANCE_SCENARIO. It uses Orkeon's own
// client (McpClient): the dual-era negotiation, then what the scenario expects. A
// server's form (elicitation) is accepted with nothing filled in, so the client's
// SEP-1034 defaults make the answer: an example's answer, not a person's.
import { createLogger } from '@orkeon/core';
import { McpClient, mcpServerSettingsSchema } from '@orkeon/mcp';

const url = process.argv.at(-1);
if (url === undefined || !/^https?:\/\//.test(url)) {
  process.stderr.write('Give the MCP server URL as the last argument, e.g. http://localhost:3001/mcp\n');
  process.exit(1);
}
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? 'initialize';
const logger = createLogger({ level: 'info' });

/** Arguments for the scenario servers' tools, by name; other tools are listed, not called. */
const argumentsFor: Record<string, Record<string, unknown>> = {
  add_numbers: { a: 5, b: 3 },
};

const client = await McpClient.connect(
  'conformance',
  mcpServerSettingsSchema.parse({ Transport: 'Http', Url: url, TimeoutSeconds: 20 }),
  { logger, elicitation: async () => ({ action: 'accept', content: {} }) },
);
try {
  logger.info(`scenario ${scenario}: connected with ${client.protocolVersion} (${client.era})`);
  const tools = await client.listTools();
  if (scenario !== 'initialize') {
    for (const tool of tools) {
      const input = argumentsFor[tool.name] ?? (tool.inputSchema.required?.length ? undefined : {});
      if (input === undefined) continue;
      const result = await client.callTool(tool.name, input);
      logger.info(`called ${tool.name}: ${JSON.stringify(result.content)}`);
    }
  }
} finally {
  await client.close();
}
