/** Every error code of `@orkeon/rag`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const ragErrorCodes = {
  RAG_COLLECTION_INVALID:
    'A collection name is not usable: give letters, digits, `-`, `_` or `.`, starting with a letter or digit, at most 64 characters.',
  RAG_EMBEDDING_PROFILE_CHANGED:
    "The collection was ingested with another embedding model or size: ingest again with `reindex: true` (rag_ingest's `reindex`), or go back to the model it was made with.",
  RAG_EMBEDDINGS_UNAVAILABLE:
    'No embedding provider is registered: set `Llm:EmbeddingModel`, or install `@orkeon/embeddings-local` (see docs/embeddings.md).',
  RAG_EVALUATION_INVALID:
    'An evaluation dataset cannot be read: the message names the file, the question and the fix (JSON { questions: [{ question, relevant: [source or chunk ids] }] } or JSON Lines).',
  RAG_MANIFEST_UNREADABLE:
    "A collection's manifest cannot be read (not JSON, or of a newer release): restore it, or ingest the collection again with `reindex: true`.",
  RAG_MANIFEST_UNWRITABLE:
    'The manifest directory cannot be written: mount it writable (e.g. `--mount ./out:/output:rw`), or set `Svc:Rag:Ingestion:ManifestDirectory` to a writable virtual path.',
  RAG_PROFILE_UNAVAILABLE:
    'The chosen `Svc:Rag:Profile` needs a part this installation does not have (a reranker, a model), or cannot do what was asked (corrective and adaptive answer, they do not retrieve alone): the message names what to register or which profile to use.',
  RAG_WEB_FALLBACK_MISCONFIGURED:
    "The web fallback's transport cannot be set up: `Svc:Rag:WebFallback:ApiKeyEnvVar` names an environment variable that is not set. Set it, or remove ApiKeyEnvVar for an endpoint without a key.",
  RAG_SOURCE_FAILED:
    'A source could not be read: the message names the source and why (a path outside every mount, a refused URL, a redirect, an unsupported format); the other sources are ingested.',
} as const;

export type RagErrorCode = keyof typeof ragErrorCodes;
