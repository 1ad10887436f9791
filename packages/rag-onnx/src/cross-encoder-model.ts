import type { InferenceSession, Tensor } from 'onnxruntime-node';
import { OnnxModelLoadError } from './errors/rag-onnx-errors.js';
import type { CrossEncoderSignature } from './model-signature.js';
import { relevanceScores } from './relevance-scores.js';
import type { EncodedPair, TextPairEncoder } from './text-pair-encoder.js';
import { tokenBatch } from './token-batch.js';

/** What was loaded, for a host that warms the reranker up (`load()`) or reports it. */
export interface OnnxCrossEncoderInfo {
  /** The graph's file, absolute. */
  readonly modelFile: string;
  readonly tokenizerFile: string;
  /** The inputs the model declares, the ones it is fed. */
  readonly inputs: readonly string[];
  /** The output read as the relevance logits. */
  readonly output: string;
  /** Most tokens of one (question, passage) pair. */
  readonly maxLength: number;
}

/** The tensor constructor of onnxruntime-node, loaded with it on first use. */
export type TensorConstructor = typeof Tensor;

export interface CrossEncoderModelParts {
  readonly session: InferenceSession;
  readonly tensor: TensorConstructor;
  readonly signature: CrossEncoderSignature;
  readonly encoder: TextPairEncoder;
  readonly padId: number;
  readonly info: OnnxCrossEncoderInfo;
}

/** A loaded cross-encoder: its session, its tokenizer, and how one batch of pairs becomes scores. */
export class CrossEncoderModel {
  readonly info: OnnxCrossEncoderInfo;
  readonly #parts: CrossEncoderModelParts;

  constructor(parts: CrossEncoderModelParts) {
    this.#parts = parts;
    this.info = parts.info;
  }

  encode(question: string, passages: readonly string[]): EncodedPair[] {
    return this.#parts.encoder.encodeAll(question, passages);
  }

  /** The relevance (0 to 1) of each pair, in order: one run of the model. */
  async relevance(pairs: readonly EncodedPair[]): Promise<number[]> {
    const { session, tensor: Tensor, signature, padId, info } = this.#parts;
    const batch = tokenBatch(pairs, padId);
    const feeds: Record<string, Tensor> = {};
    for (const input of signature.inputs) {
      const values = batch[input.name];
      const data = input.type === 'int64' ? BigInt64Array.from(values, BigInt) : Int32Array.from(values);
      feeds[input.name] = new Tensor(input.type, data, [batch.rows, batch.width]);
    }
    let outputs: InferenceSession.ReturnType;
    try {
      outputs = await session.run(feeds, [signature.output]);
    } catch (error) {
      throw new OnnxModelLoadError(info.modelFile, 'run', error);
    }
    return relevanceScores(outputs[signature.output] as Tensor, batch.rows, info.modelFile, signature.output);
  }

  release(): Promise<void> {
    return this.#parts.session.release();
  }
}
