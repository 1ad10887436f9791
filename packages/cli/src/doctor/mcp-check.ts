import { type Configuration, EnvironmentSecretStore, type Logger } from '@orkeon/core';
import { McpClientError, McpConnections, mcpFetchFor, mcpSettings } from '@orkeon/mcp';
import type { DoctorCheck } from './doctor-check.js';

/**
 * Connects to each configured MCP server, as a run would, and reports the revision
 * and tool count, or the cause of the failure (`fail`). Nothing configured: no line.
 */
export async function checkMcpServers(configuration: Configuration, logger: Logger): Promise<DoctorCheck[]> {
  const settings = configuration.get(mcpSettings);
  if (Object.keys(settings.Servers).length === 0) return [];
  if (!settings.Enabled)
    return [{ check: 'mcp', status: 'info', detail: 'MCP:Enabled is false: no server is connected' }];
  // A protected server is reached with its stored token, as a run would; without one the check names the login.
  const fetchFor = await mcpFetchFor(settings, new EnvironmentSecretStore());
  const connections = await McpConnections.connect(settings, { logger, fetchFor });
  try {
    return connections.servers.map((server): DoctorCheck => {
      const check = `mcp ${server.id}`;
      if (server.client === undefined)
        return {
          check,
          status: 'fail',
          detail: server.error?.message ?? 'could not connect',
          code: McpClientError.isInstance(server.error) ? server.error.code : 'MCP_SERVER_CONNECT_FAILED',
        };
      return {
        check,
        status: 'ok',
        detail: `revision ${server.client.protocolVersion} (${server.client.era}), ${server.tools.size} tool(s)`,
      };
    });
  } finally {
    await connections.close();
  }
}
