/** Every error code of `@orkeon/memory-pinecone`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const pineconeMemoryErrorCodes = {
  PINECONE_MEMORY_OPTIONS_INVALID:
    'A setting or option of the Pinecone memory store cannot be used (API key, host, index name, topK): the message says what is allowed.',
  PINECONE_MEMORY_UNAVAILABLE:
    'Pinecone did not answer (control plane or index host): check the network, Svc:Memory:Pinecone:Host and ControllerHost.',
  PINECONE_MEMORY_INDEX_NOT_FOUND:
    'The project has no index named Svc:Memory:Pinecone:IndexName: create it (dense, cosine, the dimension of your embeddings) or fix the name.',
  PINECONE_MEMORY_INDEX_UNSUITABLE:
    'The index cannot keep memories: not ready, no dense vector field, or a metric other than cosine. The message says which.',
  PINECONE_MEMORY_REQUEST_FAILED:
    'Pinecone refused a request (API key, a bad value, a limit): the message carries its answer, the key scrubbed out.',
  PINECONE_MEMORY_RECORD_INVALID:
    'A record of the namespace holds no Orkeon memory (something else wrote it): give Orkeon a namespace of its own.',
  PINECONE_MEMORY_ITEM_TOO_LARGE:
    'A memory needs more than the 40 KB of metadata Pinecone keeps per record: shorten its content or custom properties.',
  PINECONE_MEMORY_WORD_SEARCH_TOO_LARGE:
    'Word search reads the whole namespace, and it holds more memories than Svc:Memory:Pinecone:WordSearchMaxRecords: use searchSimilar, or raise the bound.',
  PINECONE_MEMORY_CLOSED:
    'The Pinecone memory store was used after `close()`: create a new store, or close it only at the end.',
} as const;

export type PineconeMemoryErrorCode = keyof typeof pineconeMemoryErrorCodes;
