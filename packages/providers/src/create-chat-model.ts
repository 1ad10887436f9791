import {
  type ChatModel,
  createUnavailableModel,
  type Logger,
  type llmSettings,
  type SectionSettings,
} from '@orkeon/core';
import { AzureSettingsMissingError } from './azure-settings-missing-error.js';
import { createDialectModel } from './dialect-model.js';
import type { FetchFunction } from './fetch-function.js';
import { inferProvider } from './infer-provider.js';
import { parseUrl } from './local-endpoint.js';
import { providerApiKey } from './provider-api-key.js';
import { describeProvider } from './provider-catalogue.js';
import { resolveProviderKey } from './resolve-provider-key.js';

/**
 * The `Llm` settings that choose and reach the model, as PascalCase settings keys
 * (bound settings fit as they are).
 */
export type LlmEndpointSettings = Pick<
  SectionSettings<typeof llmSettings>,
  'Model' | 'BaseUrl' | 'ApiKey' | 'ApiKeySecretName'
>;

/** What chooses and reaches the model, in code: `createChatModel({ model: 'gpt-4.1-mini', apiKey })`. */
export interface ChatModelChoice {
  /** Model id; omitted means the provider's default model. */
  readonly model?: string | undefined;
  /** The endpoint; omitted means the provider's default. */
  readonly baseUrl?: string | undefined;
  readonly apiKey?: string | undefined;
  /** The name of the secret that holds the key (reported when the key is missing). */
  readonly apiKeySecretName?: string | undefined;
}

/** The settings-key form of either shape. */
function endpointSettings(choice: ChatModelChoice | LlmEndpointSettings): LlmEndpointSettings {
  const keys = Object.keys(choice);
  if (keys.some((key) => /^[A-Z]/.test(key))) return choice as LlmEndpointSettings;
  const camel = choice as ChatModelChoice;
  return {
    Model: camel.model,
    BaseUrl: camel.baseUrl,
    ApiKey: camel.apiKey,
    ApiKeySecretName: camel.apiKeySecretName,
  } as LlmEndpointSettings;
}

export interface CreateChatModelOptions {
  readonly logger?: Logger;
  /** The fetch the SDK calls (default: the global one), e.g. to route or record HTTP. */
  readonly fetch?: FetchFunction;
  /**
   * A provider name or alias that replaces inference. For hosts and tests: the
   * settings have no provider key, since `BaseUrl`, `Model` and the key tell it.
   */
  readonly provider?: string;
}

/**
 * The chat model the `Llm` settings describe: the provider (inferred, or given),
 * its default base URL and model unless the settings name them, and the key from
 * `Llm:ApiKey` only. Without a key, a provider that needs one gives a model whose
 * every call fails with `MissingApiKeyError` (`Llm:ApiKeySecretName` is never
 * resolved); a keyless endpoint (Ollama, anything on loopback, Docker Model
 * Runner) works without one.
 */
export function createChatModel(
  given: ChatModelChoice | LlmEndpointSettings,
  options: CreateChatModelOptions = {},
): ChatModel {
  const { logger } = options;
  const settings = endpointSettings(given);
  const choice =
    options.provider === undefined
      ? inferProvider(settings)
      : { provider: resolveProviderKey(options.provider), reason: `the provider '${options.provider}' was given` };
  const provider = describeProvider(choice.provider);
  const baseUrl = settings.BaseUrl ?? provider.defaultBaseUrl;
  const modelId = settings.Model ?? provider.defaultModel;
  if (baseUrl === undefined || modelId === undefined) {
    const missing = [
      ...(baseUrl === undefined ? (['BaseUrl'] as const) : []),
      ...(modelId === undefined ? (['Model'] as const) : []),
    ];
    const error = () => new AzureSettingsMissingError(missing);
    logger?.warn({ provider: provider.key }, `${error().message} Every model call will fail until they are set.`);
    return createUnavailableModel(provider.key, modelId ?? '', error);
  }
  const key = providerApiKey(settings, provider, baseUrl);
  if ('missing' in key) {
    logger?.warn(
      { provider: provider.key, model: modelId },
      `No API key for the '${provider.key}' provider: every model call will fail until Llm:ApiKey (or SVC_Llm__ApiKey) is set.`,
    );
    return createUnavailableModel(provider.key, modelId, key.missing);
  }
  const { apiKey } = key;
  const model = createDialectModel({
    provider: provider.key,
    dialect: provider.dialect,
    baseUrl,
    modelId,
    apiKey,
    fetch: options.fetch,
  });
  logger?.debug(
    { provider: provider.key, model: modelId, dialect: provider.dialect, endpoint: withoutQuery(baseUrl) },
    `language model chosen because ${choice.reason}`,
  );
  return { provider: provider.key, modelId, model, supportsStreaming: true };
}

/** The URL without its query, which may carry a credential and must not reach the logs. */
function withoutQuery(baseUrl: string): string {
  const url = parseUrl(baseUrl);
  return url === undefined ? baseUrl : `${url.origin}${url.pathname}`;
}
