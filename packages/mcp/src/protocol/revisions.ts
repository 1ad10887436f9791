/** The MCP revision of the stateless era: every request carries its version in `_meta`. */
export const modernProtocolVersion = '2026-07-28';

/**
 * Every revision Orkeon speaks, newest first: the values `MCP:Servers:<id>:ProtocolVersion`
 * may pin. `2025-03-26` is left out on purpose: it makes receiving JSON-RPC batches mandatory.
 */
export const protocolVersions = [modernProtocolVersion, '2025-11-25', '2025-06-18', '2024-11-05'] as const;

export type ProtocolVersion = (typeof protocolVersions)[number];

/** Revisions spoken with `_meta` on every request, newest first. */
export const modernProtocolVersions: readonly string[] = [modernProtocolVersion];

/** Revisions of the `initialize` era, newest first. */
export const legacyProtocolVersions: readonly string[] = protocolVersions.filter(
  (version) => version !== modernProtocolVersion,
);

/** JSON-RPC error of a request declaring a revision the peer does not speak; data `{ supported, requested }`. */
export const unsupportedProtocolVersionCode = -32022;

/** `_meta` keys of the modern era. */
export const metaKeys = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  logLevel: 'io.modelcontextprotocol/logLevel',
} as const;
