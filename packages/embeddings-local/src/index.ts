export { type AddSvcLocalEmbeddingsOptions, addSvcLocalEmbeddings } from './add-svc-local-embeddings.js';
export { type LocalEmbeddingsErrorCode, localEmbeddingsErrorCodes } from './errors/error-codes.js';
export {
  LocalEmbeddingsOptionError,
  LocalModelLoadError,
  OnnxModelFolderError,
  onnxModelFetchCommand,
  TransformersMissingError,
} from './errors/local-embeddings-errors.js';
export { createLocalEmbedTextTool, type LocalEmbedTextInput, localEmbedTextToolName } from './local-embed-text-tool.js';
export {
  type LocalEmbeddingModel,
  type LocalEmbeddingsSettings,
  localEmbeddingModels,
  localEmbeddingsSettings,
} from './local-embeddings-settings.js';
export { onnxModelFiles } from './onnx-model-folder.js';
export {
  type OnnxSentenceEmbeddingOptions,
  OnnxSentenceEmbeddingProvider,
} from './onnx-sentence-embedding-provider.js';
export {
  type UniversalSentenceEncoderOptions,
  UniversalSentenceEncoderProvider,
  universalSentenceEncoderDimensions,
  universalSentenceEncoderModel,
} from './universal-sentence-encoder-provider.js';
