import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  EmbeddingProviderService,
  LocalEmbeddingProviderService,
  OrkeonError,
  RemoteEmbeddingProviderService,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, scriptedEmbedding, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRemoteEmbeddingProvider } from '../src/embeddings/create-remote-embedding-provider.js';
import { addSvcLlm, type ProviderKey, providerCatalogue } from '../src/index.js';
import { recordingFetch } from './support/recording-fetch.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer({ requireApiKey: 'sk-test' });
});
afterEach(async () => {
  await server.close();
});

/** Settings → addSvcLlm → createRuntime, as a host starts; the runtime's embedding provider. */
async function runtimeWith(settings: SettingsTree, services = new ServiceCollection()) {
  const configuration = Configuration.fromObject(settings, coreSettingsSections);
  const logs = captureLogger();
  addSvcLlm(services, configuration, logs.logger);
  const runtime = await createRuntime({ services, configuration, logger: logs.logger });
  return { runtime, logs, embeddings: runtime.services.get(EmbeddingProviderService) };
}

async function failure(promise: Promise<unknown>): Promise<OrkeonError> {
  const error = await promise.then(
    () => undefined,
    (rejected: unknown) => rejected,
  );
  if (OrkeonError.isInstance(error)) return error;
  throw new Error(`expected an OrkeonError, got ${String(error)}`);
}

describe('the remote embedding provider (Llm:EmbeddingModel)', () => {
  it('embeds with the configured provider’s model, key and base URL, through the runtime', async () => {
    const { runtime, embeddings } = await runtimeWith({
      Llm: {
        BaseUrl: server.openAiBaseUrl,
        ApiKey: 'sk-test',
        Model: 'gpt-5',
        EmbeddingModel: 'text-embedding-3-small',
      },
    });
    await using _ = runtime;
    expect(embeddings.model).toBe('openai:text-embedding-3-small');
    const texts = ['Cats purr softly.', 'Dogs bark loudly.'];
    expect(await embeddings.embed(texts)).toEqual(texts.map((text) => scriptedEmbedding(text)));
    expect(embeddings.dimensions).toBe(64);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      path: '/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: texts },
      headers: { authorization: 'Bearer sk-test' },
    });
  });

  it('reaches a keyless local server (Ollama’s form, no /v1 given) without a credential header', async () => {
    const keyless = await startScriptedModelServer();
    try {
      const { runtime, embeddings } = await runtimeWith({
        Llm: { BaseUrl: keyless.url, Model: 'llama3.2', EmbeddingModel: 'nomic-embed-text' },
      });
      await using _ = runtime;
      expect(embeddings.model).toBe('ollama:nomic-embed-text');
      expect(await embeddings.embed(['one'])).toEqual([scriptedEmbedding('one')]);
      expect(keyless.requests[0]?.path).toBe('/v1/embeddings');
      expect(keyless.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await keyless.close();
    }
  });

  it('registers nothing without Llm:EmbeddingModel: the runtime’s provider is the stand-in that names the fixes', async () => {
    const { runtime, embeddings } = await runtimeWith({
      Llm: { BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-test', Model: 'gpt-5' },
    });
    await using _ = runtime;
    expect(runtime.services.tryGet(RemoteEmbeddingProviderService)).toBeUndefined();
    expect((await failure(embeddings.embed(['x']))).code).toBe('EMBEDDING_PROVIDER_UNAVAILABLE');
    expect(server.requests).toHaveLength(0);
  });

  it('comes after a local provider and after the host’s own remote one', async () => {
    const local = { model: 'local-test', embed: async (texts: readonly string[]) => texts.map(() => [1, 0]) };
    const host = { model: 'host-remote', embed: async (texts: readonly string[]) => texts.map(() => [0, 1]) };
    const settings = {
      Llm: { BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-test', EmbeddingModel: 'text-embedding-3-small' },
    };
    const first = await runtimeWith(
      settings,
      new ServiceCollection().addInstance(LocalEmbeddingProviderService, local),
    );
    await using _first = first.runtime;
    expect(first.embeddings).toBe(local);
    const second = await runtimeWith(
      settings,
      new ServiceCollection().addInstance(RemoteEmbeddingProviderService, host),
    );
    await using _second = second.runtime;
    expect(second.embeddings).toBe(host);
    expect(server.requests).toHaveLength(0);
  });

  it('turns a refused key into a provider error that names the setting, never the key', async () => {
    const { runtime, embeddings } = await runtimeWith({
      Llm: { BaseUrl: server.openAiBaseUrl, ApiKey: 'sk-wrong-key', EmbeddingModel: 'text-embedding-3-small' },
    });
    await using _ = runtime;
    const error = await failure(embeddings.embed(['x']));
    expect(error.code).toBe('LLM_PROVIDER_FAILED');
    expect(error.message).toMatch(/^The 'openai' provider failed \(HTTP 401\):.*check Llm:ApiKey/);
    expect(error.message).not.toContain('sk-wrong-key');
  });

  it('without a key for a provider that needs one: starts, warns once, and every call fails saying so', async () => {
    const { runtime, embeddings, logs } = await runtimeWith({ Llm: { EmbeddingModel: 'text-embedding-3-small' } });
    await using _ = runtime;
    expect(logs.text()).toContain('every embedding call will fail until Llm:ApiKey');
    for (let call = 0; call < 2; call++)
      expect((await failure(embeddings.embed(['x']))).code).toBe('LLM_API_KEY_MISSING');
  });

  it.each([
    ['claude-sonnet-5', 'anthropic'],
    ['deepseek-flash', 'deepseek'],
    ['kimi-k2.6', 'kimi'],
    ['minimax-m2', 'minimax'],
  ])('refuses the start for a provider without embeddings (Model %s → %s)', (Model, provider) => {
    const configuration = Configuration.fromObject(
      { Llm: { Model, ApiKey: 'k', EmbeddingModel: 'some-embedder' } },
      coreSettingsSections,
    );
    let error: unknown;
    try {
      addSvcLlm(new ServiceCollection(), configuration);
    } catch (thrown) {
      error = thrown;
    }
    expect(OrkeonError.isInstance(error) && error.code).toBe('CONFIGURATION_INVALID');
    expect((error as Error).message).toContain(`the '${provider}' provider`);
    expect((error as Error).message).toContain('addSvcLocalEmbeddings(services) from @orkeon/embeddings-local');
  });
});

describe('each provider with embeddings: the request it sends', () => {
  const offering = providerCatalogue.filter(
    (provider) =>
      provider.defaultBaseUrl !== undefined && !['anthropic', 'deepseek', 'kimi', 'minimax'].includes(provider.key),
  );

  it.each(offering.map((provider) => [provider.key, provider.defaultBaseUrl] as const))(
    '%s: POST <base URL>/embeddings with the key as a bearer token',
    async (key, baseUrl) => {
      const { fetch, calls } = recordingFetch();
      const embeddings = createRemoteEmbeddingProvider(
        { ApiKey: 'key-123', EmbeddingModel: 'embedder', MaxRetries: 0 },
        { provider: key satisfies ProviderKey, fetch },
      );
      await failure(embeddings.embed(['hello']));
      expect(calls).toHaveLength(1);
      expect(calls[0]?.url).toBe(`${baseUrl}/embeddings`);
      expect(calls[0]?.body).toMatchObject({ model: 'embedder', input: ['hello'] });
      expect(calls[0]?.headers.get('authorization')).toBe('Bearer key-123');
    },
  );

  it('azure-openai: the deployment through the resource URL, with the api-key header', async () => {
    const { fetch, calls } = recordingFetch();
    const embeddings = createRemoteEmbeddingProvider(
      { BaseUrl: 'https://contoso.openai.azure.com', ApiKey: 'azure-key', EmbeddingModel: 'my-embedding-deployment' },
      { fetch },
    );
    expect(embeddings.model).toBe('azure-openai:my-embedding-deployment');
    await failure(embeddings.embed(['hello']));
    expect(calls[0]?.url).toBe('https://contoso.openai.azure.com/openai/v1/embeddings?api-version=v1');
    expect(calls[0]?.headers.get('api-key')).toBe('azure-key');
    expect(calls[0]?.body).toMatchObject({ model: 'my-embedding-deployment' });
  });

  it('azure-openai without a resource URL: every call fails naming Llm:BaseUrl, nothing is sent', async () => {
    const { fetch, calls } = recordingFetch();
    const embeddings = createRemoteEmbeddingProvider(
      { ApiKey: 'azure-key', EmbeddingModel: 'deployment' },
      { provider: 'azure', fetch },
    );
    const error = await failure(embeddings.embed(['hello']));
    expect(error.code).toBe('LLM_AZURE_SETTINGS_MISSING');
    expect(error.message).toContain('Llm:BaseUrl');
    expect(calls).toHaveLength(0);
  });
});
