import { type ChatModel, LlmClient, LlmProviderError } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import {
  AzureSettingsMissingError,
  createChatModel,
  type LlmEndpointSettings,
  type ProviderKey,
  providerCatalogue,
} from '../src/index.js';
import { type RecordedCall, recordingFetch } from './support/recording-fetch.js';

/** Sends one prompt through `LlmClient` (no retries) and returns what reached the wire. */
async function firstRequest(model: ChatModel, calls: readonly RecordedCall[]): Promise<RecordedCall> {
  const client = new LlmClient({
    model,
    logger: captureLogger().logger,
    settings: { MaxRetries: 0, TimeoutSeconds: 5 },
  });
  const failure = await client.complete('hello').catch((error: unknown) => error);
  expect(LlmProviderError.isInstance(failure)).toBe(true);
  expect((failure as LlmProviderError).statusCode).toBe(400);
  expect((failure as Error).message).toContain('recorded, not sent');
  expect(calls).toHaveLength(1);
  return calls[0] as RecordedCall;
}

const expectedPath: Record<string, string> = {
  openai: '/chat/completions',
  'openai-compatible': '/chat/completions',
  anthropic: '/messages',
};

describe('each provider with its defaults', () => {
  const withDefaults = providerCatalogue.filter((provider) => provider.key !== 'azure-openai');

  it.each(withDefaults.map((provider) => [provider.key, provider] as const))(
    '%s: default model, default base URL and key header',
    async (key, provider) => {
      const { fetch, calls } = recordingFetch();
      const model = createChatModel({ ApiKey: 'key-123' }, { provider: key, fetch });
      expect(model).toMatchObject({ provider: key, modelId: provider.defaultModel, supportsStreaming: true });
      const call = await firstRequest(model, calls);
      expect(call.url).toBe(`${provider.defaultBaseUrl}${expectedPath[provider.dialect]}`);
      expect(call.body.model).toBe(provider.defaultModel);
      if (provider.dialect === 'anthropic') {
        expect(call.headers.get('x-api-key')).toBe('key-123');
        expect(call.headers.get('authorization')).toBeNull();
      } else {
        expect(call.headers.get('authorization')).toBe('Bearer key-123');
      }
    },
  );

  it('lists 16 providers with unique keys and aliases', () => {
    const names = providerCatalogue.flatMap((provider) => [provider.key, ...provider.aliases]);
    expect(providerCatalogue).toHaveLength(16);
    expect(new Set(names).size).toBe(names.length);
  });

  it('passes the BaseUrl and Model of the settings through', async () => {
    const { fetch, calls } = recordingFetch();
    const settings = { BaseUrl: 'https://proxy.example.com/custom/v1', Model: 'deepseek-reasoner', ApiKey: 'k' };
    const model = createChatModel(settings, { fetch });
    expect(model).toMatchObject({ provider: 'deepseek', modelId: 'deepseek-reasoner' });
    const call = await firstRequest(model, calls);
    expect(call.url).toBe('https://proxy.example.com/custom/v1/chat/completions');
    expect(call.body.model).toBe('deepseek-reasoner');
  });

  it.each([
    [{ Model: 'claude-opus-5', ApiKey: 'k' }, 'anthropic', 'https://api.anthropic.com/v1/messages'],
    [{ ApiKey: 'xai-k' }, 'grok', 'https://api.x.ai/v1/chat/completions'],
    [
      { BaseUrl: 'https://openrouter.ai/api/v1', ApiKey: 'k' },
      'openrouter',
      'https://openrouter.ai/api/v1/chat/completions',
    ],
    [{ ApiKey: 'k' }, 'openai', 'https://api.openai.com/v1/chat/completions'],
  ] as const)('infers the provider from the settings: %j → %s', async (settings, provider, url) => {
    const { fetch, calls } = recordingFetch();
    const model = createChatModel(settings, { fetch });
    expect(model.provider).toBe(provider);
    expect((await firstRequest(model, calls)).url).toBe(url);
  });

  it('uses chat completions, not the Responses API, for OpenAI', async () => {
    const { fetch, calls } = recordingFetch();
    const call = await firstRequest(createChatModel({ ApiKey: 'k', Model: 'gpt-5' }, { fetch }), calls);
    expect(call.url).toMatch(/\/chat\/completions$/);
    expect(call.body.messages).toEqual([{ role: 'user', content: 'hello' }]);
  });

  it("completes a bare Ollama address with Ollama's /v1 path and sends no key", async () => {
    const { fetch, calls } = recordingFetch();
    const model = createChatModel({ BaseUrl: 'http://localhost:11434', Model: 'llama3.2' }, { fetch });
    expect(model).toMatchObject({ provider: 'ollama', supportsStreaming: true });
    const call = await firstRequest(model, calls);
    expect(call.url).toBe('http://localhost:11434/v1/chat/completions');
    expect(call.headers.get('authorization')).toBeNull();
  });

  it('sends no key to Docker Model Runner, which needs none', async () => {
    const { fetch, calls } = recordingFetch();
    const model = createChatModel(
      { BaseUrl: 'http://model-runner.docker.internal/engines/v1', Model: 'ai/smollm2' },
      { fetch },
    );
    expect(model).toMatchObject({ provider: 'openai', supportsStreaming: true });
    const call = await firstRequest(model, calls);
    expect(call.url).toBe('http://model-runner.docker.internal/engines/v1/chat/completions');
    expect(call.headers.get('authorization')).toBeNull();
  });
});

describe('azure-openai', () => {
  it.each([
    ['https://contoso.openai.azure.com', 'https://contoso.openai.azure.com/openai/v1/chat/completions?api-version=v1'],
    [
      'https://contoso.openai.azure.com/openai/',
      'https://contoso.openai.azure.com/openai/v1/chat/completions?api-version=v1',
    ],
    ['https://contoso.openai.azure.com/openai/v1', 'https://contoso.openai.azure.com/openai/v1/chat/completions'],
  ])('reaches the deployment through the resource URL %s', async (BaseUrl, url) => {
    const { fetch, calls } = recordingFetch();
    const model = createChatModel({ BaseUrl, Model: 'my-gpt-deployment', ApiKey: 'azure-key' }, { fetch });
    expect(model).toMatchObject({ provider: 'azure-openai', modelId: 'my-gpt-deployment' });
    const call = await firstRequest(model, calls);
    expect(call.url).toBe(url);
    expect(call.body.model).toBe('my-gpt-deployment');
    expect(call.headers.get('api-key')).toBe('azure-key');
  });

  it.each([
    [{ ApiKey: 'k', Model: 'deployment' }, 'needs Llm:BaseUrl: Llm:BaseUrl is the resource URL'],
    [{ ApiKey: 'k', BaseUrl: 'https://contoso.openai.azure.com' }, 'needs Llm:Model: '],
    [{ ApiKey: 'k' }, 'needs Llm:BaseUrl and Llm:Model: '],
  ] as const)('without resource or deployment, every call fails saying so: %j', async (settings, message) => {
    const { fetch, calls } = recordingFetch();
    const logs = captureLogger();
    const model = createChatModel(settings satisfies LlmEndpointSettings, {
      provider: 'azure',
      fetch,
      logger: logs.logger,
    });
    expect(model).toMatchObject({ provider: 'azure-openai', supportsStreaming: false });
    const client = new LlmClient({ model, logger: logs.logger });
    for (let call = 0; call < 2; call++) {
      const failure = await client.complete('hello').catch((error: unknown) => error);
      expect(AzureSettingsMissingError.isInstance(failure)).toBe(true);
      expect((failure as Error).message).toContain(message);
    }
    expect(calls).toHaveLength(0);
    expect(logs.records().filter((record) => record.level === 40)).toHaveLength(1);
  });
});

describe('the provider option', () => {
  it('replaces inference and accepts aliases', () => {
    const keys: ProviderKey[] = ['kimi', 'zai', 'grok'];
    const models = ['moonshot', 'zhipu', 'xai'].map((alias) => createChatModel({ ApiKey: 'k' }, { provider: alias }));
    expect(models.map((model) => model.provider)).toEqual(keys);
  });

  it('refuses an unknown provider when the model is built', () => {
    expect(() => createChatModel({ ApiKey: 'k' }, { provider: 'openia' })).toThrow(
      /Unknown language-model provider 'openia'\. Did you mean 'openai'\? Known providers: openai, anthropic, azure-openai/,
    );
  });
});
