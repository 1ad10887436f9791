import type { createAiSdkEmbeddingProvider } from '@orkeon/core';
import { azureResourceUrl, ollamaApiUrl } from '../base-url-paths.js';
import { deferredEmbeddingModel } from '../deferred-model.js';
import { dialectPackages } from '../dialect-packages.js';
import type { FetchFunction } from '../fetch-function.js';
import type { ProviderDialect, ProviderKey } from '../provider-catalogue.js';
import { withoutCredentials } from '../without-credentials.js';

/** An AI SDK embedding model, as `createAiSdkEmbeddingProvider` takes it. */
export type AiSdkEmbeddingModel = Parameters<typeof createAiSdkEmbeddingProvider>[0];

export interface EmbeddingDialectModelOptions {
  readonly provider: ProviderKey;
  /** Every dialect but Anthropic's has embeddings. */
  readonly dialect: Exclude<ProviderDialect, 'anthropic'>;
  readonly baseUrl: string;
  readonly modelId: string;
  /** `undefined`: the endpoint takes no key and none is sent. */
  readonly apiKey: string | undefined;
  readonly fetch?: FetchFunction | undefined;
}

/**
 * The AI SDK embedding model of one provider (`POST <base URL>/embeddings` in OpenAI's
 * form), built by the package of its dialect at its first call, with the base URL and key
 * given explicitly, as the chat models are: no package reads variables of its own.
 */
export function createEmbeddingDialectModel(options: EmbeddingDialectModelOptions): AiSdkEmbeddingModel {
  const { provider, baseUrl, modelId } = options;
  const keyless = options.apiKey === undefined;
  const apiKey = options.apiKey ?? '';
  const fetch = keyless ? withoutCredentials(options.fetch) : options.fetch;
  const transport = fetch === undefined ? {} : { fetch };
  switch (options.dialect) {
    case 'openai':
      return deferredEmbeddingModel(`${provider}.embedding`, modelId, async () =>
        (await dialectPackages.openai())
          .createOpenAI({ name: provider, baseURL: baseUrl, apiKey, ...transport })
          .embeddingModel(modelId),
      );
    case 'azure-openai':
      return deferredEmbeddingModel('azure.embeddings', modelId, async () =>
        (await dialectPackages.azure())
          .createAzure({ baseURL: azureResourceUrl(baseUrl), apiKey, ...transport })
          .embeddingModel(modelId),
      );
    case 'openai-compatible':
      return deferredEmbeddingModel(`${provider}.embedding`, modelId, async () =>
        (await dialectPackages.openAiCompatible())
          .createOpenAICompatible({
            name: provider,
            baseURL: provider === 'ollama' ? ollamaApiUrl(baseUrl) : baseUrl,
            ...(keyless ? {} : { apiKey }),
            ...transport,
          })
          .embeddingModel(modelId),
      );
  }
}
