import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import {
  legacyProtocolVersions,
  modernProtocolVersions,
  unsupportedProtocolVersionCode,
} from '../protocol/revisions.js';
import { McpClientError } from './mcp-client-error.js';

/** What went wrong talking to a server, as an `McpClientError` whose message names the server and the fix. */
export function describeFailure(failure: {
  serverId: string;
  what: string;
  error: unknown;
  connecting: boolean;
  timeoutSeconds: number;
  /** The entry's `ProtocolVersion`, when it pins one. */
  pinned?: string | undefined;
}): McpClientError {
  const { serverId, what, error, pinned } = failure;
  if (McpClientError.isInstance(error)) return error;
  // A sign-in or token-store failure inside the transport's fetch says the fix itself; the SDK wraps it.
  const authorization = authorizationFailureIn(error);
  if (authorization !== undefined) return authorization;
  const server = `MCP server '${serverId}'`;
  const reason = error instanceof Error ? error.message : String(error);
  const options = { cause: error, details: { serverId, request: what } };
  if (
    pinned !== undefined &&
    failure.connecting &&
    ((error instanceof SdkError && error.code === SdkErrorCode.EraNegotiationFailed) ||
      /protocol version is not supported/i.test(reason))
  )
    return new McpClientError(
      'MCP_PROTOCOL_VERSION_UNSUPPORTED',
      `${server} does not speak ${pinned}, the revision MCP:Servers:${serverId}:ProtocolVersion pins: ${reason}. Pin a revision the server speaks, or remove ProtocolVersion to negotiate.`,
      { cause: error, details: { serverId, pinned } },
    );
  if (error instanceof SdkError) {
    if (error.code === SdkErrorCode.RequestTimeout)
      return new McpClientError(
        'MCP_SERVER_TIMEOUT',
        `${server} did not answer ${what} within ${failure.timeoutSeconds} s. Check that the server is running, or raise MCP:Servers:${serverId}:TimeoutSeconds.`,
        options,
      );
    if (
      error.code === SdkErrorCode.ConnectionClosed ||
      error.code === SdkErrorCode.NotConnected ||
      error.code === SdkErrorCode.SendFailed
    )
      return new McpClientError(
        'MCP_SERVER_CLOSED',
        `The connection to ${server} closed before it answered ${what} (the process exited, or sent something that is not MCP). Run with -vv to see the server's standard error.`,
        options,
      );
  }
  if (error instanceof ProtocolError && error.code === unsupportedProtocolVersionCode)
    return unsupported(serverId, reason, error);
  if (/protocol version is not supported/i.test(reason)) return unsupported(serverId, reason, error);
  if (error instanceof ProtocolError && !failure.connecting)
    return new McpClientError(
      'MCP_SERVER_REQUEST_FAILED',
      `${server} refused ${what}: ${reason} (JSON-RPC error ${error.code}).`,
      {
        cause: error,
        details: { serverId, request: what, rpcCode: error.code },
      },
    );
  if (failure.connecting)
    return new McpClientError(
      'MCP_SERVER_CONNECT_FAILED',
      `Could not connect to ${server}: ${reason}. Check MCP:Servers:${serverId} (Command and Args, or Url) and that the server starts on its own.`,
      options,
    );
  return new McpClientError('MCP_SERVER_REQUEST_FAILED', `${server} failed ${what}: ${reason}.`, options);
}

function unsupported(serverId: string, reason: string, error: unknown): McpClientError {
  const spoken = [...modernProtocolVersions, ...legacyProtocolVersions].join(', ');
  return new McpClientError(
    'MCP_PROTOCOL_VERSION_UNSUPPORTED',
    `MCP server '${serverId}' speaks no protocol revision Orkeon speaks (${spoken}; never 2025-03-26): ${reason}. Upgrade the server.`,
    { cause: error, details: { serverId } },
  );
}

function authorizationFailureIn(error: unknown): McpClientError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (McpClientError.isInstance(current) && /^MCP_(AUTH|TOKEN_STORE)_/.test(current.code)) return current;
    current = current.cause;
  }
  return undefined;
}
