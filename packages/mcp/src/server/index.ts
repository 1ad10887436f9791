export { parseAllowedOrigins } from './allowed-origins.js';
export {
  type BearerTokenVerifier,
  createBearerVerifier,
  InvalidTokenError,
  type VerifiedToken,
} from './auth/bearer-token-verifier.js';
export { type Authentication, ResourceProtection } from './auth/resource-protection.js';
export { isMcpLogLevel, type McpLogLevel, mcpLogLevels } from './call-notifications.js';
export { createMcpServer, type McpServerOptions } from './create-mcp-server.js';
export {
  type DispatchResult,
  DualEraDispatcher,
  type McpCaller,
  type McpServerIdentity,
  type Notify,
} from './dual-era-dispatcher.js';
export {
  defineMcpPrompt,
  defineMcpResource,
  defineMcpResourceTemplate,
  type McpPrompt,
  type McpPromptArgumentDefinition,
  type McpPromptDefinition,
  type McpPromptMessageInput,
  type McpResource,
  type McpResourceBody,
  type McpResourceDefinition,
  type McpResourceTemplate,
  type McpResourceTemplateDefinition,
  type McpServerAdditions,
  mcpServerAdditionsOf,
} from './host-additions.js';
export { parseHttpAddress } from './http-address.js';
export { type HttpServeOptions, type McpHttpServer, startMcpHttpServer } from './http-transport.js';
export type {
  McpCallContext,
  McpCatalog,
  McpContent,
  McpPromptDescription,
  McpPromptMessage,
  McpPromptResult,
  McpResourceContents,
  McpResourceDescription,
  McpResourceTemplateDescription,
  McpToolDescription,
  McpToolResult,
} from './mcp-catalog.js';
export { McpServerError } from './mcp-server-error.js';
export { claimMcpServe, mcpServeEnvironmentVariable } from './mcp-server-guard.js';
export { createRuntimeCatalog, type RuntimeCatalogOptions } from './runtime-catalog.js';
export { defaultMaxMessageBytes, type StdioServeOptions, serveMcpOverStdio } from './stdio-transport.js';
export { compileUriTemplate, type UriTemplate } from './uri-template.js';
