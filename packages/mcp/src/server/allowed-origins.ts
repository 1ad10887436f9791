import { McpServerError } from './mcp-server-error.js';

const hostName =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * `--allow-origin` values: the host names of pages allowed to call the server from a
 * browser (`app.example.com`; a full origin such as `https://app.example.com:8443` is
 * accepted and reduced to its host name). Anything else refuses the start.
 */
export function parseAllowedOrigins(values: readonly string[]): string[] {
  return values.map((value) => {
    let host = value.trim();
    if (host.includes('://')) {
      try {
        host = new URL(host).hostname;
      } catch {
        host = '';
      }
    }
    if (hostName.test(host) || /^\[[0-9A-Fa-f:.]+\]$/.test(host)) return host.toLowerCase();
    throw new McpServerError(
      'MCP_SERVE_ORIGIN_INVALID',
      `--allow-origin '${value}' is not a host name or origin: give one such as app.example.com or https://app.example.com.`,
    );
  });
}
