// The package's public surface: re-exports only, one block per concept.

export { type AddSvcOnnxRerankerOptions, addSvcOnnxReranker } from './add-svc-onnx-reranker.js';
export { modelFileCandidates } from './cross-encoder-folder.js';
export type { OnnxCrossEncoderInfo } from './cross-encoder-model.js';
export { type RagOnnxErrorCode, ragOnnxErrorCodes } from './errors/error-codes.js';
export {
  crossEncoderExportCommand,
  OnnxModelFolderError,
  OnnxModelLoadError,
  OnnxModelUnsupportedError,
  OnnxRerankerOptionError,
  OnnxRuntimeUnavailableError,
  OnnxTokenizerError,
  RagOnnxError,
} from './errors/rag-onnx-errors.js';
export {
  defaultBatchSize,
  defaultMaxLength,
  type OnnxCrossEncoderOptions,
  OnnxCrossEncoderReranker,
} from './onnx-cross-encoder-reranker.js';
export { type OnnxRerankerSettings, onnxRerankerSettings } from './onnx-reranker-settings.js';
