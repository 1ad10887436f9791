import { McpServerError } from './mcp-server-error.js';

/** `--http` as host and port: `host:port`, `[::1]:port`, or a bare `port` (loopback). */
export function parseHttpAddress(text: string): { host: string; port: number } {
  const match = /^(?:(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]*):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (match === null || !Number.isInteger(port) || port > 65535)
    throw new McpServerError(
      'MCP_SERVE_ADDRESS_INVALID',
      `--http '${text}' is not an address: give host:port (127.0.0.1:8808), [::1]:8808, or a port (loopback).`,
    );
  const host = match[1] === undefined || match[1] === '' ? '127.0.0.1' : match[1].replace(/^\[|\]$/g, '');
  return { host, port };
}
