import {
  type Configuration,
  ConfigurationError,
  type MemoryStoreFactory,
  MemoryStoreFactoryService,
  type ServiceCollection,
} from '@orkeon/core';
import { ChromaMemoryOptionsError } from './chroma-memory-errors.js';
import { chromaMemorySettings } from './chroma-memory-settings.js';
import { parseChromaUrl } from './chroma-server-address.js';

/**
 * Registers the `chromadb` memory store (alias `chroma`), built from `Svc:Memory:ChromaDb`
 * when a crew or agent first remembers in it (`Memory:Provider` = `chromadb`, or a crew's
 * `memoryProvider`). Settings it cannot use refuse the start here, before anything
 * connects; opening checks the server's heartbeat and creates the collections when
 * missing. The token is sent, never logged nor quoted.
 */
export function addSvcChromaMemory(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(chromaMemorySettings);
  const key = `${chromaMemorySettings.path}:Url`;
  try {
    parseChromaUrl(settings.Url);
  } catch (error) {
    if (!ChromaMemoryOptionsError.isInstance(error)) throw error;
    throw new ConfigurationError([{ key, message: `Setting '${key}' cannot be used: ${error.message}` }], {
      cause: error,
    });
  }
  const factory: MemoryStoreFactory = {
    type: 'chromadb',
    // The client loads when the store is first used, not when the package is.
    create: async ({ logger }) => {
      const { ChromaMemoryProvider } = await import('./chroma-memory-provider.js');
      return ChromaMemoryProvider.open({
        url: settings.Url,
        tenant: settings.Tenant,
        database: settings.Database,
        collection: settings.Collection,
        authHeader: settings.AuthHeader,
        wordSearchMaxCandidates: settings.WordSearchMaxCandidates,
        logger,
        ...(settings.AuthToken === undefined ? {} : { authToken: settings.AuthToken }),
      });
    },
  };
  return services.add(MemoryStoreFactoryService, 'singleton', () => factory);
}
