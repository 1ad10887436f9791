import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModelV4, LanguageModelV4 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { createDialectModel } from '../src/dialect-model.js';
import { createEmbeddingDialectModel } from '../src/embeddings/embedding-dialect-model.js';

// The dialects' packages load at a model's first call; until then the model answers for itself with the
// names and capabilities the package's own model has. These tests hold the two side by side, so that a
// package that renames its provider or changes what it supports is noticed here.

const baseUrl = 'http://127.0.0.1:9/v1';
const apiKey = 'key';

async function sameModel(deferred: LanguageModelV4, own: LanguageModelV4): Promise<void> {
  expect(deferred.specificationVersion).toBe(own.specificationVersion);
  expect(deferred.provider).toBe(own.provider);
  expect(deferred.modelId).toBe(own.modelId);
  expect(await deferred.supportedUrls).toEqual(await own.supportedUrls);
}

async function sameEmbeddingModel(deferred: EmbeddingModelV4, own: EmbeddingModelV4): Promise<void> {
  expect(deferred.provider).toBe(own.provider);
  expect(deferred.modelId).toBe(own.modelId);
  expect(await deferred.maxEmbeddingsPerCall).toBe(await own.maxEmbeddingsPerCall);
  expect(await deferred.supportsParallelCalls).toBe(await own.supportsParallelCalls);
}

describe('dialect models made before their package loads', () => {
  it('name the provider and model, and support the URLs, as the package’s own chat model does', async () => {
    await sameModel(
      createDialectModel({ provider: 'openai', dialect: 'openai', baseUrl, modelId: 'gpt', apiKey }),
      createOpenAI({ name: 'openai', baseURL: baseUrl, apiKey }).chat('gpt'),
    );
    await sameModel(
      createDialectModel({ provider: 'anthropic', dialect: 'anthropic', baseUrl, modelId: 'claude', apiKey }),
      createAnthropic({ baseURL: baseUrl, apiKey }).messages('claude'),
    );
    await sameModel(
      createDialectModel({ provider: 'azure-openai', dialect: 'azure-openai', baseUrl, modelId: 'gpt', apiKey }),
      createAzure({ baseURL: baseUrl, apiKey }).chat('gpt'),
    );
    await sameModel(
      createDialectModel({
        provider: 'ollama',
        dialect: 'openai-compatible',
        baseUrl,
        modelId: 'qwen',
        apiKey: undefined,
      }),
      createOpenAICompatible({ name: 'ollama', baseURL: baseUrl }).chatModel('qwen'),
    );
  });

  it('do the same for embedding models', async () => {
    await sameEmbeddingModel(
      createEmbeddingDialectModel({ provider: 'openai', dialect: 'openai', baseUrl, modelId: 'small', apiKey }),
      createOpenAI({ name: 'openai', baseURL: baseUrl, apiKey }).embeddingModel('small'),
    );
    await sameEmbeddingModel(
      createEmbeddingDialectModel({
        provider: 'azure-openai',
        dialect: 'azure-openai',
        baseUrl,
        modelId: 'small',
        apiKey,
      }),
      createAzure({ baseURL: baseUrl, apiKey }).embeddingModel('small'),
    );
    await sameEmbeddingModel(
      createEmbeddingDialectModel({
        provider: 'ollama',
        dialect: 'openai-compatible',
        baseUrl,
        modelId: 'nomic',
        apiKey: undefined,
      }),
      createOpenAICompatible({ name: 'ollama', baseURL: baseUrl }).embeddingModel('nomic'),
    );
  });

  it('fail every call with the same error when the model cannot be built', async () => {
    const { deferredLanguageModel } = await import('../src/deferred-model.js');
    let builds = 0;
    const model = deferredLanguageModel('broken.chat', 'm', async () => {
      builds++;
      throw new Error("Cannot find package '@ai-sdk/broken'");
    });
    const call = { prompt: [] } as unknown as Parameters<LanguageModelV4['doGenerate']>[0];
    await expect(model.doGenerate(call)).rejects.toThrow("Cannot find package '@ai-sdk/broken'");
    await expect(model.doStream(call)).rejects.toThrow("Cannot find package '@ai-sdk/broken'");
    expect(builds).toBe(1);
  });
});
