export * from './client/index.js';
export { type McpErrorCode, mcpErrorCodes } from './errors/error-codes.js';
export {
  legacyProtocolVersions,
  metaKeys,
  modernProtocolVersion,
  modernProtocolVersions,
  type ProtocolVersion,
  protocolVersions,
  unsupportedProtocolVersionCode,
} from './protocol/revisions.js';
export * from './server/index.js';
export {
  type McpAuthStoreSettings,
  type McpServerAuthSettings,
  mcpAuthFlows,
  mcpAuthStoreSettingsSchema,
  mcpServerAuthSettingsSchema,
  tokenEndpointAuthMethods,
} from './settings/mcp-auth-settings.js';
export {
  type McpServeAuthSettings,
  mcpServeAuthSettingsSchema,
  tokenValidations,
} from './settings/mcp-serve-auth-settings.js';
export {
  type McpServerSettings,
  type McpSettings,
  mcpServerSettingsSchema,
  mcpSettings,
  mcpTransports,
  transportOf,
} from './settings/mcp-settings.js';
