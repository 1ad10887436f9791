export {
  A2AV1AgentDiscovery,
  type A2AV1DiscoveredAgent,
  type A2AV1DiscoveryOptions,
  a2aV1AgentCardPath,
} from './a2a-v1-agent-discovery.js';
export { A2AV1AgentError, type A2AV1AgentErrorOptions } from './a2a-v1-agent-error.js';
export { A2AV1Client, type A2AV1ClientOptions, type A2AV1ConnectOptions } from './a2a-v1-client.js';
export {
  type A2AV1AgentCard,
  type A2AV1AgentInterface,
  a2aV1AgentCardSchema,
  a2aV1AgentInterfaceSchema,
} from './v1-agent-card.js';
export type { A2AV1TaskPage } from './v1-answers.js';
export {
  type A2AV1Binding,
  type A2AV1Endpoint,
  a2aV1ClientBindings,
  defaultA2AV1BindingPreference,
  selectA2AV1Interface,
} from './v1-interface-selection.js';
export type { A2AV1SendResult, A2AV1StreamEvent } from './v1-transport.js';
