export {
  A2AAgentDiscovery,
  type A2AAgentDiscoveryOptions,
  type AgentDiscoveryFailure,
  type AgentDiscoveryResult,
  type DiscoveredAgent,
} from './a2a-agent-discovery.js';
export {
  type A2ACallOptions,
  type A2ACancelOutcome,
  A2AClient,
  type A2AClientOptions,
  defaultA2AClientTimeoutMilliseconds,
  defaultA2AClientTimeoutMs,
} from './a2a-client.js';
export { A2AClientError, type A2AClientErrorCode, type A2AClientErrorOptions } from './a2a-client-error.js';
export { clientRemoteSender } from './client-remote-sender.js';
export type { A2AClientTlsOptions } from './client-tls.js';
export { registerDiscoveredAgents } from './register-discovered-agents.js';
export {
  type A2AV1AgentCard,
  A2AV1AgentDiscovery,
  A2AV1AgentError,
  type A2AV1AgentErrorOptions,
  type A2AV1AgentInterface,
  type A2AV1Binding,
  A2AV1Client,
  type A2AV1ClientOptions,
  type A2AV1ConnectOptions,
  type A2AV1DiscoveredAgent,
  type A2AV1DiscoveryOptions,
  type A2AV1Endpoint,
  type A2AV1SendResult,
  type A2AV1StreamEvent,
  type A2AV1TaskPage,
  a2aV1AgentCardPath,
  a2aV1AgentCardSchema,
  a2aV1AgentInterfaceSchema,
  a2aV1ClientBindings,
  defaultA2AV1BindingPreference,
  selectA2AV1Interface,
} from './v1/index.js';
