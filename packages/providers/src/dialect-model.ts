import type { ChatModel } from '@orkeon/core';
import { azureResourceUrl, ollamaApiUrl } from './base-url-paths.js';
import { deferredLanguageModel } from './deferred-model.js';
import { dialectPackages } from './dialect-packages.js';
import type { FetchFunction } from './fetch-function.js';
import type { ProviderDialect, ProviderKey } from './provider-catalogue.js';
import { withoutCredentials } from './without-credentials.js';

export interface DialectModelOptions {
  readonly provider: ProviderKey;
  readonly dialect: ProviderDialect;
  readonly baseUrl: string;
  readonly modelId: string;
  /** `undefined`: the endpoint takes no key and none is sent. */
  readonly apiKey: string | undefined;
  readonly fetch?: FetchFunction | undefined;
}

/**
 * The AI SDK model for one provider, built by the official package of its dialect at its
 * first call (the package loads then). The base URL and key are always passed explicitly,
 * so the packages never fall back to `OPENAI_API_KEY`, `ANTHROPIC_BASE_URL` or other
 * variables of their own: Orkeon reads `Llm:*` only. The provider names are the packages'.
 */
export function createDialectModel(options: DialectModelOptions): ChatModel['model'] {
  const { provider, baseUrl, modelId } = options;
  const keyless = options.apiKey === undefined;
  const apiKey = options.apiKey ?? '';
  const fetch = keyless ? withoutCredentials(options.fetch) : options.fetch;
  const transport = fetch === undefined ? {} : { fetch };
  switch (options.dialect) {
    case 'openai':
      // Chat completions rather than the Responses API: every OpenAI-dialect server has them.
      return deferredLanguageModel(`${provider}.chat`, modelId, async () =>
        (await dialectPackages.openai())
          .createOpenAI({ name: provider, baseURL: baseUrl, apiKey, ...transport })
          .chat(modelId),
      );
    case 'anthropic':
      return deferredLanguageModel('anthropic.messages', modelId, async () =>
        (await dialectPackages.anthropic())
          .createAnthropic({ baseURL: baseUrl, apiKey, ...transport })
          .messages(modelId),
      );
    case 'azure-openai':
      return deferredLanguageModel('azure.chat', modelId, async () =>
        (await dialectPackages.azure())
          .createAzure({ baseURL: azureResourceUrl(baseUrl), apiKey, ...transport })
          .chat(modelId),
      );
    case 'openai-compatible':
      return deferredLanguageModel(`${provider}.chat`, modelId, async () =>
        (await dialectPackages.openAiCompatible())
          .createOpenAICompatible({
            name: provider,
            baseURL: provider === 'ollama' ? ollamaApiUrl(baseUrl) : baseUrl,
            ...(keyless ? {} : { apiKey }),
            includeUsage: true,
            ...transport,
          })
          .chatModel(modelId),
      );
  }
}
