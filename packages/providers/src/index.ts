export { addSvcLlm } from './add-svc-llm.js';
export { AzureSettingsMissingError } from './azure-settings-missing-error.js';
export { createChatModelFromConfiguration } from './chat-model-from-configuration.js';
export {
  type ChatModelChoice,
  type CreateChatModelOptions,
  createChatModel,
  type LlmEndpointSettings,
} from './create-chat-model.js';
export { type ProvidersErrorCode, providersErrorCodes } from './errors/error-codes.js';
export type { FetchFunction } from './fetch-function.js';
export {
  inferProvider,
  type ProviderClues,
  type ProviderInference,
  type ProviderInferenceRule,
} from './infer-provider.js';
export { isKeylessEndpoint, isLoopbackHost } from './local-endpoint.js';
export {
  describeProvider,
  type ProviderDescription,
  type ProviderDialect,
  type ProviderKey,
  providerCatalogue,
  providerKeys,
} from './provider-catalogue.js';
export { resolveProviderKey } from './resolve-provider-key.js';
export { UnknownProviderError } from './unknown-provider-error.js';
