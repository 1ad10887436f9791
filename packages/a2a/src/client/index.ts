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
