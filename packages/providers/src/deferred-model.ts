import type { EmbeddingModelV4, LanguageModelV4 } from '@ai-sdk/provider';
import { once } from './once.js';

/** A promise-like that does its work only when something awaits it. */
function whenAwaited<T>(value: () => Promise<T>): PromiseLike<T> {
  // biome-ignore lint/suspicious/noThenProperty: a PromiseLike is what the model interface asks for here.
  return { then: (fulfilled, rejected) => value().then(fulfilled, rejected) };
}

/**
 * A chat model made now and built on its first call (`build`, which imports the dialect's
 * package). `provider` and `modelId` are the built model's own; so are its supported URLs, read
 * when the AI SDK first asks for them.
 */
export function deferredLanguageModel(
  provider: string,
  modelId: string,
  build: () => Promise<LanguageModelV4>,
): LanguageModelV4 {
  const model = once(build);
  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    supportedUrls: whenAwaited(async () => (await model()).supportedUrls),
    doGenerate: async (options) => (await model()).doGenerate(options),
    doStream: async (options) => (await model()).doStream(options),
  };
}

/** The same for an embedding model. */
export function deferredEmbeddingModel(
  provider: string,
  modelId: string,
  build: () => Promise<EmbeddingModelV4>,
): EmbeddingModelV4 {
  const model = once(build);
  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    maxEmbeddingsPerCall: whenAwaited(async () => (await model()).maxEmbeddingsPerCall),
    supportsParallelCalls: whenAwaited(async () => (await model()).supportsParallelCalls),
    doEmbed: async (options) => (await model()).doEmbed(options),
  };
}
