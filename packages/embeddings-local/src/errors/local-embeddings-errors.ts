import { OrkeonError } from '@orkeon/core';
import type { LocalEmbeddingsErrorCode } from './error-codes.js';

/** What fetches a sentence model on a connected machine, for the messages. */
export const onnxModelFetchCommand =
  'hf download Xenova/all-MiniLM-L6-v2 --include "onnx/model.onnx" "*.json" --local-dir models/all-MiniLM-L6-v2';

/** The ONNX model folder is missing, is not a folder, or lacks files. */
export class OnnxModelFolderError extends OrkeonError<LocalEmbeddingsErrorCode> {
  constructor(folder: string, problem: string) {
    super(
      'LOCAL_EMBEDDINGS_MODEL_FOLDER_INVALID',
      `The ONNX model folder '${folder}' (Svc:Embeddings:Local:ModelPath) ${problem}. It needs model.onnx (or onnx/model.onnx), tokenizer.json, tokenizer_config.json and config.json, as a sentence-transformer repository on the Hugging Face Hub has them. Models are never downloaded at run time: on a connected machine, fetch one with \`${onnxModelFetchCommand}\` and copy the folder here.`,
      { details: { folder } },
    );
  }
}

/** `Model: onnx` and the optional package that runs it is not installed. */
export class TransformersMissingError extends OrkeonError<LocalEmbeddingsErrorCode> {
  constructor(cause?: unknown) {
    super(
      'LOCAL_EMBEDDINGS_TRANSFORMERS_MISSING',
      'Svc:Embeddings:Local:Model onnx runs the model with @huggingface/transformers, which is not installed. Run `npm install @huggingface/transformers` (with `ONNXRUNTIME_NODE_INSTALL=skip` where no GPU download can be made), or use Model universal-sentence-encoder, which needs nothing more.',
      { cause },
    );
  }
}

/** The model's files were found but could not be loaded or run. */
export class LocalModelLoadError extends OrkeonError<LocalEmbeddingsErrorCode> {
  constructor(model: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'LOCAL_EMBEDDINGS_MODEL_LOAD_FAILED',
      `The local embedding model '${model}' could not be loaded or run: ${reason}. Check that its files are complete (fetch them again if in doubt).`,
      { cause, details: { model } },
    );
  }
}

/** An option given in code has a value the provider cannot use. */
export class LocalEmbeddingsOptionError extends OrkeonError<LocalEmbeddingsErrorCode> {
  constructor(option: string, value: unknown, allowed: string) {
    super('LOCAL_EMBEDDINGS_OPTION_INVALID', `The option '${option}' is ${String(value)}; use ${allowed}.`, {
      details: { option },
    });
  }
}
