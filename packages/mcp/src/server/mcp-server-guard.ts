import { McpServerError } from './mcp-server-error.js';

/** Set by a running MCP server; every process it starts inherits it. */
export const mcpServeEnvironmentVariable = 'ORKEON_MCP_SERVE';

/**
 * Refuses to serve from inside another MCP server (a served tool that runs
 * `orkeon mcp serve` would start servers without end), then marks this process.
 */
export function claimMcpServe(
  environment: Readonly<Record<string, string | undefined>>,
  mark: Record<string, string | undefined> = process.env,
): void {
  if (environment[mcpServeEnvironmentVariable] !== undefined)
    throw new McpServerError(
      'MCP_SERVE_RECURSION',
      `${mcpServeEnvironmentVariable} is set: this process was started by an Orkeon MCP server, and serving again would recurse. Start the server from a shell where ${mcpServeEnvironmentVariable} is not set.`,
    );
  mark[mcpServeEnvironmentVariable] = '1';
}
