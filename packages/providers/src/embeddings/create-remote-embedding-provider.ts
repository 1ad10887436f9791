import {
  ConfigurationError,
  createAiSdkEmbeddingProvider,
  type EmbeddingProvider,
  type Logger,
  type llmSettings,
  type OrkeonError,
  type SectionSettings,
} from '@orkeon/core';
import { AzureSettingsMissingError } from '../azure-settings-missing-error.js';
import type { FetchFunction } from '../fetch-function.js';
import { inferProvider } from '../infer-provider.js';
import { providerApiKey } from '../provider-api-key.js';
import { describeProvider, type ProviderKey } from '../provider-catalogue.js';
import { resolveProviderKey } from '../resolve-provider-key.js';
import { createEmbeddingDialectModel } from './embedding-dialect-model.js';

/** The `Llm` settings the remote embedding provider reads; `EmbeddingModel` names the model. */
export type RemoteEmbeddingSettings = Pick<
  SectionSettings<typeof llmSettings>,
  'BaseUrl' | 'Model' | 'ApiKey' | 'ApiKeySecretName'
> & {
  readonly EmbeddingModel: string;
  /** Time limit of one `embed` call. Default: none. */
  readonly TimeoutSeconds?: number | undefined;
  /** Retries of one request on 429, 5xx and network errors. Default 2. */
  readonly MaxRetries?: number | undefined;
};

export interface CreateRemoteEmbeddingProviderOptions {
  readonly logger?: Logger;
  /** The fetch the SDK calls (default: the global one). */
  readonly fetch?: FetchFunction;
  /** A provider name or alias that replaces inference, as `createChatModel` takes it. */
  readonly provider?: string;
}

/**
 * Providers whose APIs have no embeddings in OpenAI's form (`POST /embeddings` with
 * `input`): Anthropic, DeepSeek and Moonshot offer none, MiniMax another shape.
 */
const withoutEmbeddings: ReadonlySet<ProviderKey> = new Set(['anthropic', 'deepseek', 'kimi', 'minimax']);

/**
 * The embedding model `Llm:EmbeddingModel` names, at the provider the `Llm` settings
 * point to (inferred as for the chat model, same base URL and key), over the AI SDK's
 * `embedMany`. A provider without embeddings refuses at once (`CONFIGURATION_INVALID`);
 * a missing key or Azure resource gives a provider whose every call fails saying so.
 */
export function createRemoteEmbeddingProvider(
  settings: RemoteEmbeddingSettings,
  options: CreateRemoteEmbeddingProviderOptions = {},
): EmbeddingProvider {
  const { logger } = options;
  const choice =
    options.provider === undefined
      ? inferProvider(settings)
      : { provider: resolveProviderKey(options.provider), reason: `the provider '${options.provider}' was given` };
  const provider = describeProvider(choice.provider);
  const modelId = settings.EmbeddingModel;
  if (provider.dialect === 'anthropic' || withoutEmbeddings.has(provider.key)) {
    throw new ConfigurationError([
      {
        key: 'Llm:EmbeddingModel',
        message: `Setting 'Llm:EmbeddingModel' names '${modelId}', but the '${provider.key}' provider (chosen because ${choice.reason}) has no embedding models in OpenAI's form. Remove Llm:EmbeddingModel and call addSvcLocalEmbeddings(services) from @orkeon/embeddings-local, or register a RemoteEmbeddingProviderService of another provider (createAiSdkEmbeddingProvider).`,
      },
    ]);
  }
  const baseUrl = settings.BaseUrl ?? provider.defaultBaseUrl;
  if (baseUrl === undefined) {
    const reason = () => new AzureSettingsMissingError(['BaseUrl']);
    logger?.warn({ provider: provider.key }, `${reason().message} Every embedding call will fail until it is set.`);
    return unavailable(provider.key, modelId, reason);
  }
  const key = providerApiKey(settings, provider, baseUrl);
  if ('missing' in key) {
    logger?.warn(
      { provider: provider.key, model: modelId },
      `No API key for the '${provider.key}' provider: every embedding call will fail until Llm:ApiKey (or SVC_Llm__ApiKey) is set.`,
    );
    return unavailable(provider.key, modelId, key.missing);
  }
  const { apiKey } = key;
  const model = createEmbeddingDialectModel({
    provider: provider.key,
    dialect: provider.dialect,
    baseUrl,
    modelId,
    apiKey,
    fetch: options.fetch,
  });
  logger?.debug({ provider: provider.key, model: modelId }, `embedding model chosen because ${choice.reason}`);
  return createAiSdkEmbeddingProvider(model, {
    provider: provider.key,
    ...(settings.MaxRetries === undefined ? {} : { maxRetries: settings.MaxRetries }),
    ...(settings.TimeoutSeconds === undefined ? {} : { timeoutSeconds: settings.TimeoutSeconds }),
  });
}

/** A provider that cannot be called: built so that the program starts, each call failing with `reason`. */
function unavailable(provider: string, modelId: string, reason: () => OrkeonError): EmbeddingProvider {
  return { model: `${provider}:${modelId}`, embed: () => Promise.reject(reason()) };
}
