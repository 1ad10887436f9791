import type { InferenceSession } from 'onnxruntime-node';
import { readCrossEncoderFolder } from './cross-encoder-folder.js';
import { CrossEncoderModel } from './cross-encoder-model.js';
import { OnnxModelLoadError, OnnxRuntimeUnavailableError, OnnxTokenizerError } from './errors/rag-onnx-errors.js';
import { crossEncoderSignature } from './model-signature.js';
import { TextPairEncoder } from './text-pair-encoder.js';
import { tokenizerSettings } from './tokenizer-settings.js';

export interface CrossEncoderLoadOptions {
  /** The model folder, absolute. */
  readonly folder: string;
  readonly modelFile?: string | undefined;
  readonly maxLength: number;
  readonly threads?: number | undefined;
}

/**
 * Reads the folder, then imports onnxruntime-node and the tokenizer library (here, not at module
 * load: a host that never reranks never pays for them), and opens one session on the CPU.
 */
export async function loadCrossEncoder(options: CrossEncoderLoadOptions): Promise<CrossEncoderModel> {
  const files = await readCrossEncoderFolder(options.folder, options.modelFile);
  const [ort, { Tokenizer }] = await Promise.all([
    import('onnxruntime-node').catch((error: unknown) => {
      throw new OnnxRuntimeUnavailableError(error);
    }),
    import('@huggingface/tokenizers'),
  ]);
  let tokenizer: InstanceType<typeof Tokenizer>;
  try {
    tokenizer = new Tokenizer(files.tokenizer, files.tokenizerConfig);
  } catch (error) {
    throw new OnnxTokenizerError(
      files.tokenizerFile,
      `is not a tokenizer @huggingface/tokenizers can read (${error instanceof Error ? error.message : String(error)})`,
      error,
    );
  }
  const settings = tokenizerSettings(files, tokenizer, options.maxLength);
  const sessionOptions: InferenceSession.SessionOptions = {
    executionProviders: ['cpu'],
    // Errors only: onnxruntime's warnings about graph rewrites are noise on a user's console.
    logSeverityLevel: 3,
    ...(options.threads === undefined ? {} : { intraOpNumThreads: options.threads }),
  };
  let session: InferenceSession;
  try {
    session = await ort.InferenceSession.create(files.modelFile, sessionOptions);
  } catch (error) {
    throw new OnnxModelLoadError(files.modelFile, 'load', error);
  }
  try {
    const signature = crossEncoderSignature(session, files.modelFile);
    return new CrossEncoderModel({
      session,
      tensor: ort.Tensor,
      signature,
      encoder: new TextPairEncoder(tokenizer, settings),
      padId: settings.padId,
      info: {
        modelFile: files.modelFile,
        tokenizerFile: files.tokenizerFile,
        inputs: signature.inputs.map((input) => input.name),
        output: signature.output,
        maxLength: settings.maxLength,
      },
    });
  } catch (error) {
    await session.release();
    throw error;
  }
}
