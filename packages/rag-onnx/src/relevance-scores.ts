import { OnnxModelUnsupportedError } from './errors/rag-onnx-errors.js';

/** The part of an output tensor the scores are read from. */
export interface LogitsTensor {
  readonly dims: readonly number[];
  readonly type: string;
  readonly data: unknown;
}

const sigmoid = (value: number): number => 1 / (1 + Math.exp(-value));

/**
 * One relevance in (0, 1) per pair of the batch. One logit per pair ([batch] or [batch, 1], the
 * ms-marco cross-encoders) goes through the sigmoid, as sentence-transformers scores them. Two
 * ([batch, 2], a classifier with the positive class second) give the positive class's softmax
 * probability, which is the sigmoid of the difference of the two logits.
 */
export function relevanceScores(logits: LogitsTensor, batch: number, modelFile: string, output: string): number[] {
  const { dims, data } = logits;
  const columns = dims.length === 1 ? 1 : dims.length === 2 ? dims[1] : undefined;
  const numeric = data instanceof Float32Array || data instanceof Float64Array;
  if (!numeric || dims[0] !== batch || (columns !== 1 && columns !== 2))
    throw new OnnxModelUnsupportedError(
      modelFile,
      `for ${batch} pair(s) its output '${output}' answered ${logits.type} [${dims.join(', ')}], not float32 [${batch}, 1] or [${batch}, 2]`,
    );
  const values = data as Float32Array | Float64Array;
  return Array.from({ length: batch }, (_, row) =>
    columns === 1
      ? sigmoid(values[row] as number)
      : sigmoid((values[row * 2 + 1] as number) - (values[row * 2] as number)),
  );
}
