import { type FetchLike, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { getDefaultEnvironment } from '@modelcontextprotocol/client/stdio';
import type { Logger } from '@orkeon/core';
import { mcpServeEnvironmentVariable } from '../server/mcp-server-guard.js';
import { type McpServerSettings, transportOf } from '../settings/mcp-settings.js';
import { InPlaceStdioTransport } from './in-place-stdio-transport.js';

/** Longest line (one JSON-RPC message) a stdio server may send; more closes the connection. */
export const maxStdioMessageBytes = 8 * 1024 * 1024;

/**
 * The child's environment: the few variables a program needs to run (HOME, PATH, …)
 * and the entry's `Env`. Nothing else of this process's environment is passed, so
 * settings given as `SVC_` variables (API keys among them) never reach the server.
 * The one exception is the `ORKEON_MCP_SERVE` mark, so that an `orkeon mcp serve`
 * started as a server still sees that it runs inside one and does not recurse.
 */
export function childEnvironment(
  server: McpServerSettings,
  parent: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string> {
  const mark = parent[mcpServeEnvironmentVariable];
  return {
    ...getDefaultEnvironment(),
    ...(mark === undefined ? {} : { [mcpServeEnvironmentVariable]: mark }),
    ...server.Env,
  };
}

/**
 * The SDK transport for one `MCP:Servers` entry (Stdio or Streamable HTTP). A
 * stdio one starts one process, which the `server/discover` probe is sent to too.
 */
export function createTransport(
  serverId: string,
  server: McpServerSettings,
  logger: Logger,
  /** Http: sends each request (the OAuth one for a server with `Auth`); default the global fetch. */
  fetch?: FetchLike,
): Transport {
  if (transportOf(server) === 'Stdio') {
    const transport = new InPlaceStdioTransport({
      command: server.Command ?? '',
      args: [...server.Args],
      env: childEnvironment(server),
      stderr: 'pipe',
      maxBufferSize: maxStdioMessageBytes,
    });
    // The server's own log lines: kept off Orkeon's output, visible with -vv.
    transport.stderr?.on('data', (chunk: Buffer) =>
      logger.debug({ mcpServer: serverId }, chunk.toString('utf8').trimEnd()),
    );
    return transport;
  }
  const headers: Record<string, string> = { ...server.Headers };
  if (server.BearerToken !== undefined) headers.Authorization = `Bearer ${server.BearerToken}`;
  return new StreamableHTTPClientTransport(new URL(server.Url ?? ''), {
    requestInit: { headers },
    ...(fetch === undefined ? {} : { fetch }),
  });
}
