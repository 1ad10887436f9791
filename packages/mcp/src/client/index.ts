export { type AddSvcMcpOptions, addSvcMcp } from './add-svc-mcp.js';
export { type AuthorizationCallback, type LoopbackRedirect, startLoopbackRedirect } from './auth/loopback-redirect.js';
export { LoopbackSignIn, type LoopbackSignInOptions, type McpInteractiveSignIn } from './auth/loopback-sign-in.js';
export { mcpFetchFor, openMcpTokenStore, runAuthorizedFetch } from './auth/mcp-authorization.js';
export {
  loginToMcpServer,
  type McpLoginResult,
  type McpSignInOptions,
  type McpSignInSession,
  openMcpSignInSession,
} from './auth/mcp-login.js';
export { McpOAuthProvider, type McpOAuthProviderOptions } from './auth/mcp-oauth-provider.js';
export {
  defaultMcpTokenStorePath,
  type McpStoredCredentials,
  McpTokenStore,
  type McpTokenStoreOptions,
} from './auth/mcp-token-store.js';
export { openBrowser } from './auth/open-browser.js';
export type { McpCallOptions, McpLogMessage } from './call-listeners.js';
export {
  elicitationProblem,
  type McpElicitation,
  type McpElicitationAnswer,
  type McpElicitationContent,
  type McpElicitationHandler,
  type McpElicitationSchema,
  withElicitationDefaults,
} from './elicitation.js';
export { elicitationPrompt, elicitationThroughHumanInput, maxElicitationAttempts } from './human-elicitation.js';
export { McpClient, type McpClientOptions, type McpEra, mcpClientInfo } from './mcp-client.js';
export { McpClientError } from './mcp-client-error.js';
export { defaultConnectWaitMilliseconds, McpConnections, type McpServerState } from './mcp-connections.js';
export { McpConnectionsService } from './mcp-connections-service.js';
export { McpTool, resultText } from './mcp-tool.js';
export { childEnvironment, createTransport, maxStdioMessageBytes } from './mcp-transport.js';
export type { McpResourceSubscription } from './resource-subscriptions.js';
export {
  type McpSamplingHandler,
  type McpSamplingRequest,
  type McpSamplingResult,
  samplingThroughCallingModel,
} from './sampling.js';
export { expandToolGroups, mcpToolGroupPrefix, mcpToolGroups } from './tool-groups.js';
export { waitForResourceUpdateTool } from './wait-for-resource-tool.js';
