import { serviceToken } from '../services/service-token.js';

/** How one call to an embedding model may be bounded. */
export interface EmbedOptions {
  readonly signal?: AbortSignal;
}

/**
 * Turns texts into vectors (the port memory, RAG and the Embedding agent selector share).
 * Vectors of two models do not compare: stores refuse a query of another length than what
 * they hold, and a host that changes models re-embeds what it keeps.
 */
export interface EmbeddingProvider {
  /** Names the model, e.g. `universal-sentence-encoder-lite` or `openai:text-embedding-3-small`. */
  readonly model: string;
  /** The length of every vector, when known before the first call. */
  readonly dimensions?: number | undefined;
  /** One vector per text, in the order given. */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<number[][]>;
}

/** The embedding provider the runtime uses (see `docs/embeddings.md` for how one is chosen). */
export const EmbeddingProviderService = serviceToken<EmbeddingProvider>('EmbeddingProvider');
