import type { EmbeddingProvider } from './embedding-provider.js';
import { EmbeddingProviderUnavailableError } from './embedding-provider-unavailable-error.js';

/** The model name of the provider that stands in when none exists. */
export const unavailableEmbeddingModel = 'unavailable';

/**
 * The last link of the chain: built without complaint so the program starts (most runs
 * never embed), and each `embed` fails with `EMBEDDING_PROVIDER_UNAVAILABLE`, whose
 * message names both fixes.
 */
export function createUnavailableEmbeddingProvider(): EmbeddingProvider {
  return {
    model: unavailableEmbeddingModel,
    embed: () => Promise.reject(new EmbeddingProviderUnavailableError()),
  };
}
