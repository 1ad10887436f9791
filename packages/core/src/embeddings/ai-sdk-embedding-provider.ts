import type { EmbeddingModelV4 } from '@ai-sdk/provider';
import { embedMany } from 'ai';
import { LlmProviderError, LlmTimeoutError, toLlmError } from '../llm/llm-errors.js';
import type { EmbeddingProvider, EmbedOptions } from './embedding-provider.js';

export interface AiSdkEmbeddingProviderOptions {
  /** The provider name `model` and errors show. Default: `model.provider` up to its first dot (`openai.embedding` → `openai`). */
  readonly provider?: string;
  /** Retries of one request on 429, 5xx and network errors. Default 2. */
  readonly maxRetries?: number;
  /** Time limit of one `embed` call, all its requests together. Default: none. */
  readonly timeoutSeconds?: number;
}

/**
 * An `EmbeddingProvider` over an AI SDK embedding model (`openai.embeddingModel('text-embedding-3-small')`,
 * any `@ai-sdk/*` package's), through the SDK's `embedMany`, which splits large inputs into
 * the requests the model allows. Failures become the same `LlmError`s model calls give.
 */
export function createAiSdkEmbeddingProvider(
  model: EmbeddingModelV4,
  options: AiSdkEmbeddingProviderOptions = {},
): EmbeddingProvider {
  return new AiSdkEmbeddingProvider(model, options);
}

class AiSdkEmbeddingProvider implements EmbeddingProvider {
  readonly model: string;
  readonly #model: EmbeddingModelV4;
  readonly #provider: string;
  readonly #options: AiSdkEmbeddingProviderOptions;
  #dimensions: number | undefined;

  constructor(model: EmbeddingModelV4, options: AiSdkEmbeddingProviderOptions) {
    this.#model = model;
    this.#options = options;
    this.#provider = options.provider ?? (model.provider.split('.')[0] || 'unknown');
    this.model = `${this.#provider}:${model.modelId}`;
  }

  /** Unknown until the first answer, then the length of its vectors. */
  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<number[][]> {
    if (texts.length === 0) return [];
    const seconds = this.#options.timeoutSeconds;
    const timeout = seconds === undefined ? undefined : AbortSignal.timeout(seconds * 1000);
    const signals = [options.signal, timeout].filter((signal) => signal !== undefined);
    const abortSignal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    let embeddings: number[][];
    try {
      const result = await embedMany({
        model: this.#model,
        values: [...texts],
        maxRetries: this.#options.maxRetries ?? 2,
        ...(abortSignal === undefined ? {} : { abortSignal }),
      });
      embeddings = result.embeddings;
    } catch (error) {
      // The caller gave up: its own reason, not a provider failure.
      if (options.signal?.aborted === true) throw error;
      if (timeout?.aborted === true && seconds !== undefined) throw new LlmTimeoutError(this.#provider, seconds);
      throw toLlmError(error, this.#provider);
    }
    if (embeddings.length !== texts.length) {
      throw new LlmProviderError(
        this.#provider,
        `the embedding model '${this.#model.modelId}' answered ${embeddings.length} vector(s) for ${texts.length} text(s)`,
      );
    }
    this.#dimensions = embeddings[0]?.length;
    return embeddings;
  }
}
