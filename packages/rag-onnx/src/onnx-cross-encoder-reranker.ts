import { resolve } from 'node:path';
import type { RagCandidate, RagReranker } from '@orkeon/rag';
import type { CrossEncoderModel, OnnxCrossEncoderInfo } from './cross-encoder-model.js';
import { OnnxRerankerOptionError } from './errors/rag-onnx-errors.js';
import { loadCrossEncoder } from './load-cross-encoder.js';
import type { EncodedPair } from './text-pair-encoder.js';

export interface OnnxCrossEncoderOptions {
  /** The model folder: absolute, or relative to the working directory. */
  readonly modelDirectory: string;
  /** The graph inside the folder; default the first of model.onnx, onnx/model.onnx, model_quantized.onnx, onnx/model_quantized.onnx. */
  readonly modelFile?: string | undefined;
  /** Most tokens of one (question, passage) pair; the passage is cut to fit. Default 512. */
  readonly maxLength?: number | undefined;
  /** Pairs per model run. Default 16. */
  readonly batchSize?: number | undefined;
  /** onnxruntime's intra-op threads; default its own choice (the machine's cores). */
  readonly threads?: number | undefined;
}

export const defaultMaxLength = 512;
export const defaultBatchSize = 16;

/**
 * A cross-encoder reranker on this machine: each candidate is read together with the question
 * by an ONNX model (ms-marco-MiniLM-L-6-v2 and the like) through onnxruntime-node, and scored by
 * its relevance (the sigmoid of the model's logit). The model loads on the first rerank, once;
 * concurrent first calls wait for the same load, and a load that failed is tried again next time.
 */
export class OnnxCrossEncoderReranker implements RagReranker, AsyncDisposable {
  readonly kind = 'onnx';
  readonly #folder: string;
  readonly #modelFile: string | undefined;
  readonly #maxLength: number;
  readonly #batchSize: number;
  readonly #threads: number | undefined;
  #model: Promise<CrossEncoderModel> | undefined;

  constructor(options: OnnxCrossEncoderOptions) {
    if (options.modelDirectory.trim() === '')
      throw new OnnxRerankerOptionError('modelDirectory', "''", 'the path of a cross-encoder folder');
    this.#folder = resolve(options.modelDirectory);
    this.#modelFile = options.modelFile;
    this.#maxLength = wholeNumber('maxLength', options.maxLength ?? defaultMaxLength, 16, 8192);
    this.#batchSize = wholeNumber('batchSize', options.batchSize ?? defaultBatchSize, 1, 1024);
    this.#threads = options.threads === undefined ? undefined : wholeNumber('threads', options.threads, 1, 256);
  }

  /** Loads the model now (the first rerank does otherwise): a host can pay the load at start and fail early. */
  async load(): Promise<OnnxCrossEncoderInfo> {
    return (await this.#loaded()).info;
  }

  async rerank(
    question: string,
    candidates: readonly RagCandidate[],
    keep: number,
    signal?: AbortSignal,
  ): Promise<RagCandidate[]> {
    signal?.throwIfAborted();
    const kept = Math.max(0, Math.floor(keep));
    // Nothing to order: no reason to load a model.
    if (candidates.length === 0 || kept === 0) return [];
    const model = await this.#loaded();
    const pairs = model.encode(
      question,
      candidates.map((candidate) => candidate.text),
    );
    // Pairs of similar length share a batch, so little of each run is padding.
    const order = pairs.map((_, index) => index).sort((a, b) => lengthOf(pairs, a) - lengthOf(pairs, b));
    const scores = new Array<number>(candidates.length).fill(0);
    for (let start = 0; start < order.length; start += this.#batchSize) {
      // Between runs, not during one: onnxruntime cannot stop a run half-way.
      signal?.throwIfAborted();
      const indexes = order.slice(start, start + this.#batchSize);
      const relevance = await model.relevance(indexes.map((index) => pairs[index] as EncodedPair));
      indexes.forEach((index, row) => {
        scores[index] = relevance[row] as number;
      });
    }
    // Array sort is stable: equal scores keep the order the candidates came in.
    return candidates
      .map((candidate, index) => ({ ...candidate, score: scores[index] as number, origin: 'cross-encoder' as const }))
      .sort((a, b) => b.score - a.score)
      .slice(0, kept);
  }

  /** Releases the model's session; a later rerank loads it again. */
  async dispose(): Promise<void> {
    const loading = this.#model;
    this.#model = undefined;
    const model = await loading?.catch(() => undefined);
    await model?.release();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.dispose();
  }

  #loaded(): Promise<CrossEncoderModel> {
    if (this.#model === undefined) {
      const loading = loadCrossEncoder({
        folder: this.#folder,
        modelFile: this.#modelFile,
        maxLength: this.#maxLength,
        threads: this.#threads,
      });
      this.#model = loading;
      // A failed load is not kept: the next call tries again (the folder may have been fixed).
      loading.catch(() => {
        if (this.#model === loading) this.#model = undefined;
      });
    }
    return this.#model;
  }
}

function lengthOf(pairs: readonly { readonly ids: readonly number[] }[], index: number): number {
  return pairs[index]?.ids.length ?? 0;
}

function wholeNumber(option: string, value: number, minimum: number, maximum: number): number {
  if (!Number.isInteger(value) || value < minimum || value > maximum)
    throw new OnnxRerankerOptionError(option, value, `a whole number from ${minimum} to ${maximum}`);
  return value;
}
