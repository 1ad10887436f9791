import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type ScriptedModelServer, scriptedEmbedding, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAiSdkEmbeddingProvider } from '../../src/embeddings/ai-sdk-embedding-provider.js';
import { OrkeonError } from '../../src/errors/orkeon-error.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer({ requireApiKey: 'sk-embed' });
});
afterEach(async () => {
  await server.close();
});

function embeddingModel(apiKey = 'sk-embed') {
  return createOpenAICompatible({ name: 'scripted.embedding', baseURL: server.openAiBaseUrl, apiKey }).embeddingModel(
    'scripted-embed',
  );
}

describe('createAiSdkEmbeddingProvider', () => {
  it('gives one vector per text, in order, as the model server computed them', async () => {
    const provider = createAiSdkEmbeddingProvider(embeddingModel());
    expect(provider.model).toBe('scripted:scripted-embed');
    expect(provider.dimensions).toBeUndefined();
    const texts = ['Cats purr softly.', 'Dogs bark loudly.', 'Cats purr softly.'];
    const vectors = await provider.embed(texts);
    expect(vectors).toEqual(texts.map((text) => scriptedEmbedding(text)));
    expect(provider.dimensions).toBe(64);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/v1/embeddings');
    expect(server.requests[0]?.body).toMatchObject({ model: 'scripted-embed', input: texts });
  });

  it('sends nothing for no texts', async () => {
    const provider = createAiSdkEmbeddingProvider(embeddingModel());
    expect(await provider.embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('turns a refused key into the provider error that names the setting to check, without retrying', async () => {
    const provider = createAiSdkEmbeddingProvider(embeddingModel('sk-wrong'), { provider: 'openai', maxRetries: 3 });
    const error = await provider.embed(['text']).catch((rejected: unknown) => rejected);
    expect(OrkeonError.isInstance(error) && error.code).toBe('LLM_PROVIDER_FAILED');
    expect((error as Error).message).toMatch(/^The 'openai' provider failed \(HTTP 401\):.*check Llm:ApiKey/);
    expect((error as Error).message).not.toContain('sk-wrong');
    expect(server.requests).toHaveLength(1);
  });

  it('stops when the caller’s signal aborts, with the caller’s reason', async () => {
    const provider = createAiSdkEmbeddingProvider(embeddingModel());
    const controller = new AbortController();
    controller.abort(new Error('the caller gave up'));
    await expect(provider.embed(['text'], { signal: controller.signal })).rejects.toThrow('the caller gave up');
  });

  it('reports a connection refused as a provider error naming the URL', async () => {
    const closed = await startScriptedModelServer();
    await closed.close();
    const model = createOpenAICompatible({ name: 'scripted', baseURL: closed.openAiBaseUrl }).embeddingModel('m');
    const provider = createAiSdkEmbeddingProvider(model, { maxRetries: 0 });
    const error = await provider.embed(['text']).catch((rejected: unknown) => rejected);
    expect(OrkeonError.isInstance(error) && error.code).toBe('LLM_PROVIDER_FAILED');
    expect((error as Error).message).toContain(`connection refused at ${closed.openAiBaseUrl}/embeddings`);
  });
});
