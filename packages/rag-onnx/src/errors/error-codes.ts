/** Every error code of `@orkeon/rag-onnx`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const ragOnnxErrorCodes = {
  RAG_ONNX_MODEL_FOLDER_INVALID:
    '`Svc:Rag:OnnxReranker:ModelDirectory` is not a readable folder holding a cross-encoder (model.onnx and tokenizer.json): the message names the path, what is missing and the command that exports one (`optimum-cli export onnx --model cross-encoder/ms-marco-MiniLM-L-6-v2 <folder>`).',
  RAG_ONNX_TOKENIZER_INVALID:
    "The model folder's tokenizer.json or tokenizer_config.json cannot be read (not JSON, or a tokenizer the library does not know): export the folder again.",
  RAG_ONNX_MODEL_UNSUPPORTED:
    'The ONNX model is not a cross-encoder the reranker can run: it must take input_ids (and optionally attention_mask, token_type_ids) as int64 or int32 and answer one relevance logit per pair ([batch, 1], or [batch, 2] with the positive class second). The message names what the model declares.',
  RAG_ONNX_MODEL_LOAD_FAILED:
    'onnxruntime could not load or run the model file (a damaged or partial file, an operator it does not know): the cause says why; export or copy the model again.',
  RAG_ONNX_RUNTIME_UNAVAILABLE:
    'onnxruntime-node could not be loaded on this machine (no prebuilt binary for the platform, or a damaged install): reinstall it with `ONNXRUNTIME_NODE_INSTALL=skip npm install onnxruntime-node`, or set `Svc:Rag:Rerank:Kind` to llm.',
  RAG_ONNX_OPTION_INVALID:
    'An option given to `OnnxCrossEncoderReranker` in code is out of range (an empty model folder, a length or batch size that is not a whole number in range): the message says what is allowed.',
} as const;

export type RagOnnxErrorCode = keyof typeof ragOnnxErrorCodes;
