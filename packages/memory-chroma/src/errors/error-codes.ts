/** Every error code of `@orkeon/memory-chroma`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const chromaMemoryErrorCodes = {
  CHROMA_MEMORY_OPTIONS_INVALID:
    'A setting of the ChromaDB memory store cannot be used (URL, collection name, bound): the message says what is allowed.',
  CHROMA_MEMORY_UNAVAILABLE:
    'The ChromaDB server did not answer (heartbeat or request): check that it runs and that Svc:Memory:ChromaDb:Url names it.',
  CHROMA_MEMORY_REQUEST_FAILED:
    'The ChromaDB server refused a request (credentials, unknown tenant or database, a bad value): the message carries its answer.',
  CHROMA_MEMORY_COLLECTION_UNSUITABLE:
    'The collection exists with a distance other than cosine: give another Svc:Memory:ChromaDb:Collection, or recreate it.',
  CHROMA_MEMORY_RECORD_INVALID:
    'A record of the collection holds no Orkeon memory (something else wrote it): give Orkeon a collection of its own.',
  CHROMA_MEMORY_CLOSED:
    'The ChromaDB memory store was used after `close()`: create a new store, or close it only at the end.',
} as const;

export type ChromaMemoryErrorCode = keyof typeof chromaMemoryErrorCodes;
