/** The error codes of `@orkeon/mcp`, each with what it means. Both halves of the package add theirs here. */
export const mcpErrorCodes = {
  MCP_SERVE_TOOL_UNKNOWN: '`orkeon mcp serve --tools` names a tool the runtime does not have',
  MCP_SERVE_TOOL_DUPLICATE: "a served tool's name is taken twice (an agent's ask_<id> tool and a runtime tool)",
  MCP_SERVE_RECURSION: 'ORKEON_MCP_SERVE is set: the MCP server was started from inside another one',
  MCP_SERVE_ADDRESS_INVALID: '`--http` is not host:port, or the address cannot be listened on',
  MCP_SERVE_ORIGIN_INVALID: 'an `--allow-origin` value is not an origin such as https://app.example.com',
  MCP_SERVE_RESOURCE_INVALID:
    'a host-supplied MCP resource or resource template is malformed (no URI or name, a template beyond RFC 6570 level 1, no read function)',
  MCP_SERVE_RESOURCE_DUPLICATE: 'two served resources (or resource templates) share a URI',
  MCP_SERVE_PROMPT_INVALID: 'a host-supplied MCP prompt is malformed (no name, bad arguments, no get function)',
  MCP_SERVE_PROMPT_DUPLICATE: "two served prompts share a name (a host prompt and a crew task's id)",
  MCP_SERVE_ADDITIONS_INVALID:
    "a crew module's `mcp` export is not `{ resources?, resourceTemplates?, prompts? }` of defineMcp… values",
  MCP_SERVE_AUTH_INVALID:
    "`MCP:Serve:Auth` cannot be used: the issuer's metadata is unreachable, or it publishes no key set or introspection endpoint",
  MCP_SERVER_CONNECT_FAILED:
    'an MCP server could not be started or reached, or refused every protocol revision Orkeon speaks',
  MCP_SERVER_TIMEOUT: 'an MCP server did not answer within `TimeoutSeconds` (or the 30 s connection limit)',
  MCP_SERVER_CLOSED:
    'the connection to an MCP server closed (the process died or the stream ended) before the answer came',
  MCP_SERVER_REQUEST_FAILED: 'an MCP server answered a request with a JSON-RPC error',
  MCP_AUTH_LOGIN_REQUIRED:
    'an MCP server asks for a person to sign in, which a run cannot do: run `orkeon mcp login <server-id>` first',
  MCP_AUTH_FAILED:
    "the OAuth flow with an MCP server's authorization server failed (discovery, registration, a token request, a refused sign-in)",
  MCP_TOKEN_STORE_UNREADABLE:
    'the MCP token store cannot be used: its file is open to other users, malformed, or encrypted with another key (or none)',
  MCP_PROTOCOL_VERSION_UNSUPPORTED:
    'an MCP server and Orkeon share no protocol revision (Orkeon never speaks 2025-03-26)',
} as const;

export type McpErrorCode = keyof typeof mcpErrorCodes;
