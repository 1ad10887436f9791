export { type AddSvcMcpOptions, addSvcMcp, McpConnectionsService } from './add-svc-mcp.js';
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
export { McpTool, resultText } from './mcp-tool.js';
export { childEnvironment, createTransport, maxStdioMessageBytes } from './mcp-transport.js';
export { expandToolGroups, mcpToolGroupPrefix, mcpToolGroups } from './tool-groups.js';
