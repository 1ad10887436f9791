import { EnvironmentSecretStore } from '@orkeon/core';
import { McpConnections, type McpServerState, mcpFetchFor, mcpSettings, transportOf } from '@orkeon/mcp';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { UsageError } from '../usage-error.js';

/**
 * What `orkeon mcp list [server-id]` does: connects to the configured MCP servers
 * (or the one named) as a run would, and shows each one's negotiated revision and
 * tools, or why it could not connect. Exits with 2 when a server failed.
 */
export const mcpListAction: CliCommandAction = {
  async run(context, command) {
    const [serverId] = command.args as [string | undefined];
    const configuration = await context.configuration();
    const settings = configuration.get(mcpSettings);
    const ids = Object.keys(settings.Servers);
    const out = context.io.stdout;
    if (serverId !== undefined && !ids.includes(serverId))
      throw new UsageError(
        `No MCP server '${serverId}' in MCP:Servers; configured: ${ids.join(', ') || '(none)'}. Add it to appsettings.json or pick one of these.`,
      );
    if (ids.length === 0) {
      out.write('No MCP servers configured. Add MCP:Servers:<id> to appsettings.json (see docs/mcp.md).\n');
      return ExitCode.ok;
    }
    if (!settings.Enabled) out.write('MCP:Enabled is false: runs connect none of these servers.\n');
    const chosen = serverId === undefined ? settings.Servers : { [serverId]: settings.Servers[serverId] };
    const connections = await McpConnections.connect(
      {
        Enabled: true,
        Servers: Object.fromEntries(Object.entries(chosen).filter(([, entry]) => entry !== undefined)),
      } as typeof settings,
      {
        logger: await context.logger(),
        fetchFor: await mcpFetchFor(settings, new EnvironmentSecretStore({ ...context.io.environment })),
      },
    );
    try {
      for (const server of connections.servers) out.write(describeServer(server));
      return connections.servers.every((server) => server.client !== undefined) ? ExitCode.ok : ExitCode.runFailed;
    } finally {
      await connections.close();
    }
  },
};

function describeServer(server: McpServerState): string {
  const transport = transportOf(server.settings);
  const target =
    transport === 'Stdio' ? [server.settings.Command, ...server.settings.Args].join(' ') : (server.settings.Url ?? '');
  const lines = [`${server.id}  ${transport}  ${target}`];
  if (server.client === undefined) {
    lines.push(`  not connected: ${server.error?.message ?? 'unknown cause'}`);
    return `${lines.join('\n')}\n`;
  }
  const info = server.client.serverInfo;
  lines.push(
    `  revision ${server.client.protocolVersion} (${server.client.era})${info === undefined ? '' : `, server ${info.name} ${info.version}`}`,
  );
  const tools = [...server.tools.values()];
  lines.push(`  ${tools.length} tool(s)${tools.length === 0 ? '' : ':'}`);
  for (const tool of tools) lines.push(`    ${tool.name}  ${tool.access === 'Read' ? 'read' : 'write'}`);
  return `${lines.join('\n')}\n`;
}
