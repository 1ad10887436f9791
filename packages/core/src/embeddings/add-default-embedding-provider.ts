import type { ServiceCollection } from '../services/service-collection.js';
import { EmbeddingProviderService } from './embedding-provider.js';
import { LocalEmbeddingProviderService, RemoteEmbeddingProviderService } from './embedding-provider-services.js';
import { createUnavailableEmbeddingProvider } from './unavailable-embedding-provider.js';

/**
 * The runtime's `EmbeddingProviderService`, unless the host registered its own: the local
 * provider when one is registered, else the remote one, else one whose every `embed`
 * fails with `EMBEDDING_PROVIDER_UNAVAILABLE` (naming both fixes).
 */
export function addDefaultEmbeddingProvider(services: ServiceCollection): ServiceCollection {
  return services.tryAddSingleton(
    EmbeddingProviderService,
    (resolver) =>
      resolver.tryGet(LocalEmbeddingProviderService) ??
      resolver.tryGet(RemoteEmbeddingProviderService) ??
      createUnavailableEmbeddingProvider(),
  );
}
