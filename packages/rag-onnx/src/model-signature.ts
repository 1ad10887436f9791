import type { InferenceSession } from 'onnxruntime-node';
import { OnnxModelUnsupportedError } from './errors/rag-onnx-errors.js';

/** The inputs a cross-encoder may declare, all made from the tokenized pair. */
export const crossEncoderInputs = ['input_ids', 'attention_mask', 'token_type_ids'] as const;
export type CrossEncoderInput = (typeof crossEncoderInputs)[number];

/** Token inputs are int64 in exports from PyTorch; some converters write int32. */
export type TokenElementType = 'int64' | 'int32';

/** What the model takes and answers, as the reranker feeds and reads it. */
export interface CrossEncoderSignature {
  /** Only the inputs the model declares, in its order. */
  readonly inputs: readonly { readonly name: CrossEncoderInput; readonly type: TokenElementType }[];
  /** The first output: the relevance logits. */
  readonly output: string;
}

type SessionShape = Pick<InferenceSession, 'inputNames' | 'outputNames' | 'inputMetadata' | 'outputMetadata'>;

/** Reads the loaded graph's inputs and first output, refusing what a cross-encoder's would not be. */
export function crossEncoderSignature(session: SessionShape, modelFile: string): CrossEncoderSignature {
  const declared = session.inputNames.join(', ') || 'none';
  const unknown = session.inputNames.filter((name) => !(crossEncoderInputs as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new OnnxModelUnsupportedError(
      modelFile,
      `it takes ${unknown.map((name) => `'${name}'`).join(', ')}, which the reranker cannot make (its inputs: ${declared})`,
    );
  if (!session.inputNames.includes('input_ids'))
    throw new OnnxModelUnsupportedError(modelFile, `it has no 'input_ids' input (its inputs: ${declared})`);
  const inputs = session.inputNames.map((name) => {
    const metadata = session.inputMetadata.find((value) => value.name === name);
    const type = metadata?.isTensor === true ? metadata.type : 'int64';
    if (type !== 'int64' && type !== 'int32')
      throw new OnnxModelUnsupportedError(modelFile, `its input '${name}' is ${type}, not int64 or int32`);
    return { name: name as CrossEncoderInput, type: type as TokenElementType };
  });
  const output = session.outputNames[0];
  if (output === undefined) throw new OnnxModelUnsupportedError(modelFile, 'it has no output');
  const metadata = session.outputMetadata.find((value) => value.name === output);
  if (metadata?.isTensor === false)
    throw new OnnxModelUnsupportedError(modelFile, `its output '${output}' is not a tensor`);
  if (metadata?.isTensor === true) {
    if (metadata.type !== 'float32' && metadata.type !== 'float64')
      throw new OnnxModelUnsupportedError(modelFile, `its output '${output}' is ${metadata.type}, not float32`);
    const shape = metadata.shape;
    const last = shape.at(-1);
    // An empty shape is unknown; a known one is [batch] or [batch, 1 or 2].
    if (shape.length > 2 || (shape.length === 2 && typeof last === 'number' && last !== 1 && last !== 2))
      throw new OnnxModelUnsupportedError(
        modelFile,
        `its output '${output}' has the shape [${shape.join(', ')}], not [batch, 1] or [batch, 2]`,
      );
  }
  return { inputs, output };
}
