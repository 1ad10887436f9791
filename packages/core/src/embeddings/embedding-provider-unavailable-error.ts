import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** Nothing was registered that can embed: neither a local nor a remote provider. */
export class EmbeddingProviderUnavailableError extends OrkeonError<CoreErrorCode> {
  constructor() {
    super(
      'EMBEDDING_PROVIDER_UNAVAILABLE',
      'No embedding provider is available, so nothing can be embedded. Either call addSvcLocalEmbeddings(services) from @orkeon/embeddings-local (a bundled English model that works offline, no set-up), or configure a provider with an embedding model: Llm:EmbeddingModel (e.g. text-embedding-3-small) beside the Llm settings that addSvcLlm from @orkeon/providers reads.',
    );
  }
}
