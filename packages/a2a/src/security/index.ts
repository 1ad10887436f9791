export {
  type A2ASecurity,
  type A2ASecurityOptions,
  type A2AServerTlsOptions,
  createA2ASecurity,
} from './a2a-security.js';
export { A2ASecurityConfigurationError, A2AUnsafeBindingError } from './a2a-security-errors.js';
export {
  type A2AAuthScheme,
  type A2ASecuritySettings,
  type A2ASecuritySettingsInput,
  a2aAuthSchemes,
  a2aSecuritySettings,
  defaultApiKeyHeaderName,
  resolveA2ASecuritySettings,
} from './a2a-security-settings.js';
export { assertSafeBinding } from './assert-safe-binding.js';
export {
  anonymousCaller,
  type CredentialVerdict,
  callerIdentityOf,
  identifyCaller,
} from './caller-identity.js';
export type { CredentialValidator, SecretListProvider } from './credential-validator.js';
export { type A2ARequestGuard, publicAgentCardPath } from './request-guard.js';
