import { basename, resolve } from 'node:path';
import type { EmbeddingProvider, EmbedOptions } from '@orkeon/core';
import { batchesOf, checkedBatchSize } from './batches-of.js';
import { LocalModelLoadError } from './errors/local-embeddings-errors.js';
import { inspectOnnxModelFolder, type OnnxModelFolder } from './onnx-model-folder.js';
import { type FeatureExtractor, importTransformers, transformersPackage } from './transformers-package.js';

export interface OnnxSentenceEmbeddingOptions {
  /** The model folder (`model.onnx` or `onnx/model.onnx`, `tokenizer.json`, `tokenizer_config.json`, `config.json`). */
  readonly modelPath: string;
  /** How token vectors become one: their mean over the real tokens, or the first token's. Default `mean`. */
  readonly pooling?: 'mean' | 'cls';
  /** Scale every vector to length 1. Default true. */
  readonly normalize?: boolean;
  /** Most texts run through the model at once. Default 32. */
  readonly batchSize?: number;
  /** The package that runs the model; for tests of its absence. Default `@huggingface/transformers`. */
  readonly transformersSpecifier?: string;
}

/**
 * A sentence-transformer exported to ONNX (MiniLM, BGE and the like; 384 dimensions for
 * the small ones), run on CPU by transformers.js with onnxruntime-node, from a local
 * folder only: remote models are turned off before anything loads, so nothing is ever
 * downloaded. The folder is checked when the provider is made; the model loads on the
 * first `embed`.
 */
export class OnnxSentenceEmbeddingProvider implements EmbeddingProvider, AsyncDisposable {
  readonly model: string;
  readonly #folder: OnnxModelFolder;
  readonly #pooling: 'mean' | 'cls';
  readonly #normalize: boolean;
  readonly #batchSize: number;
  readonly #transformers: string;
  #extractor: Promise<FeatureExtractor> | undefined;
  #dimensions: number | undefined;

  constructor(options: OnnxSentenceEmbeddingOptions) {
    this.#folder = inspectOnnxModelFolder(resolve(options.modelPath));
    this.model = `onnx:${basename(this.#folder.path)}`;
    this.#dimensions = this.#folder.dimensions;
    this.#pooling = options.pooling ?? 'mean';
    this.#normalize = options.normalize ?? true;
    this.#batchSize = checkedBatchSize(options.batchSize);
    this.#transformers = options.transformersSpecifier ?? transformersPackage;
  }

  /** From `config.json` (`hidden_size`) when it says, else known after the first call. */
  get dimensions(): number | undefined {
    return this.#dimensions;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<number[][]> {
    if (texts.length === 0) return [];
    options.signal?.throwIfAborted();
    const extractor = await this.#load();
    const vectors: number[][] = [];
    for (const batch of batchesOf(texts, this.#batchSize)) {
      options.signal?.throwIfAborted();
      vectors.push(...(await this.#run(extractor, batch)));
    }
    this.#dimensions = vectors[0]?.length ?? this.#dimensions;
    return vectors;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const loading = this.#extractor;
    this.#extractor = undefined;
    const extractor = await loading?.catch(() => undefined);
    await extractor?.dispose();
  }

  #load(): Promise<FeatureExtractor> {
    if (this.#extractor === undefined) {
      const loading = this.#open();
      this.#extractor = loading;
      // A failed load is tried again on the next call rather than remembered.
      loading.catch(() => {
        if (this.#extractor === loading) this.#extractor = undefined;
      });
    }
    return this.#extractor;
  }

  async #open(): Promise<FeatureExtractor> {
    // The folder may have changed since the start: say what is missing rather than what failed to parse.
    const folder = inspectOnnxModelFolder(this.#folder.path);
    const transformers = await importTransformers(this.#transformers);
    try {
      return await transformers.pipeline('feature-extraction', folder.path, {
        dtype: 'fp32',
        subfolder: folder.subfolder,
        local_files_only: true,
        device: 'cpu',
      });
    } catch (error) {
      throw new LocalModelLoadError(this.model, error);
    }
  }

  async #run(extractor: FeatureExtractor, batch: readonly string[]): Promise<number[][]> {
    let output: { readonly dims: readonly number[]; tolist(): unknown };
    try {
      output = await extractor([...batch], { pooling: this.#pooling, normalize: this.#normalize });
    } catch (error) {
      throw new LocalModelLoadError(this.model, error);
    }
    const rows = output.tolist();
    if (!Array.isArray(rows) || rows.length !== batch.length || output.dims.length !== 2)
      throw new LocalModelLoadError(
        this.model,
        `the model gave a tensor of shape [${output.dims.join(', ')}] for ${batch.length} text(s); a sentence model gives [texts, dimensions]`,
      );
    return rows as number[][];
  }
}
