import { serviceToken } from '../services/service-token.js';
import type { EmbeddingProvider } from './embedding-provider.js';

/**
 * The provider that embeds on this machine, first link of the chain
 * (`addSvcLocalEmbeddings` from `@orkeon/embeddings-local` registers it).
 */
export const LocalEmbeddingProviderService = serviceToken<EmbeddingProvider>('LocalEmbeddingProvider');

/**
 * The configured model provider's embedding model, second link of the chain
 * (`addSvcLlm` from `@orkeon/providers` registers it when `Llm:EmbeddingModel` is set).
 */
export const RemoteEmbeddingProviderService = serviceToken<EmbeddingProvider>('RemoteEmbeddingProvider');
