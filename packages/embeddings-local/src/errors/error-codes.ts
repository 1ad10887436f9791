/** Every error code of `@orkeon/embeddings-local`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const localEmbeddingsErrorCodes = {
  LOCAL_EMBEDDINGS_MODEL_FOLDER_INVALID:
    '`Svc:Embeddings:Local:ModelPath` is not a folder holding an ONNX sentence model: the message lists the files it needs and the command that fetches one.',
  LOCAL_EMBEDDINGS_TRANSFORMERS_MISSING:
    '`Model: onnx` runs on the optional package @huggingface/transformers, which is not installed: run `npm install @huggingface/transformers`.',
  LOCAL_EMBEDDINGS_OPTION_INVALID:
    'An option given to a local provider in code is out of range (a `batchSize` that is not a whole number of 1 or more): the message says what is allowed.',
  LOCAL_EMBEDDINGS_MODEL_LOAD_FAILED:
    'The local model could not be loaded or run (a damaged file, a graph the runtime refuses): the cause says why; fetch the model again.',
} as const;

export type LocalEmbeddingsErrorCode = keyof typeof localEmbeddingsErrorCodes;
