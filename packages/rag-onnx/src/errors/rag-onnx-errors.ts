import { OrkeonError } from '@orkeon/core';
import type { RagOnnxErrorCode } from './error-codes.js';

/** How to make a model folder on a connected machine, for the messages and the docs. */
export const crossEncoderExportCommand =
  'optimum-cli export onnx --model cross-encoder/ms-marco-MiniLM-L-6-v2 models/ms-marco-MiniLM-L-6-v2';

/** Every error of `@orkeon/rag-onnx`: a code of `ragOnnxErrorCodes` and a message naming the fix. */
export class RagOnnxError extends OrkeonError<RagOnnxErrorCode> {}

/** The model folder is missing, unreadable, or lacks the model or its tokenizer. */
export class OnnxModelFolderError extends RagOnnxError {
  constructor(folder: string, problem: string, cause?: unknown) {
    super(
      'RAG_ONNX_MODEL_FOLDER_INVALID',
      `The cross-encoder folder '${folder}' (Svc:Rag:OnnxReranker:ModelDirectory) ${problem}. It needs model.onnx (or onnx/model.onnx, model_quantized.onnx, or the file Svc:Rag:OnnxReranker:ModelFile names) and tokenizer.json. Models are never downloaded at run time: on a connected machine, export one with \`pip install "optimum-onnx[onnxruntime]"\` and \`${crossEncoderExportCommand}\`, then copy the folder here (docs/rag-onnx.md).`,
      { cause, details: { folder } },
    );
  }
}

/** tokenizer.json or tokenizer_config.json cannot be read as a tokenizer. */
export class OnnxTokenizerError extends RagOnnxError {
  constructor(file: string, problem: string, cause?: unknown) {
    super(
      'RAG_ONNX_TOKENIZER_INVALID',
      `The tokenizer file '${file}' ${problem}. Export the model folder again (\`${crossEncoderExportCommand}\`) so that its tokenizer files match the model.`,
      { cause, details: { file } },
    );
  }
}

/** The graph's inputs or output do not fit a cross-encoder. */
export class OnnxModelUnsupportedError extends RagOnnxError {
  constructor(modelFile: string, problem: string) {
    super(
      'RAG_ONNX_MODEL_UNSUPPORTED',
      `The ONNX model '${modelFile}' is not a cross-encoder the reranker can run: ${problem}. A cross-encoder takes input_ids (and attention_mask, token_type_ids) and answers one relevance logit per question and passage, [batch, 1] (or [batch, 2], the positive class second), as \`${crossEncoderExportCommand}\` makes one.`,
      { details: { modelFile } },
    );
  }
}

/** onnxruntime refused the file, or a run of it failed. */
export class OnnxModelLoadError extends RagOnnxError {
  constructor(modelFile: string, action: 'load' | 'run', cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'RAG_ONNX_MODEL_LOAD_FAILED',
      `onnxruntime could not ${action} the model '${modelFile}': ${reason}. Check that the file is complete (export or copy it again).`,
      { cause, details: { modelFile } },
    );
  }
}

/** onnxruntime-node itself cannot be loaded here. */
export class OnnxRuntimeUnavailableError extends RagOnnxError {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'RAG_ONNX_RUNTIME_UNAVAILABLE',
      `onnxruntime-node could not be loaded on this machine (${process.platform}-${process.arch}): ${reason}. Reinstall it with \`ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node\` (the CPU binary is in the package), or set Svc:Rag:Rerank:Kind to llm.`,
      { cause },
    );
  }
}

/** An option given in code has a value the reranker cannot use. */
export class OnnxRerankerOptionError extends RagOnnxError {
  constructor(option: string, value: unknown, allowed: string) {
    super('RAG_ONNX_OPTION_INVALID', `The option '${option}' is ${String(value)}; use ${allowed}.`, {
      details: { option },
    });
  }
}
