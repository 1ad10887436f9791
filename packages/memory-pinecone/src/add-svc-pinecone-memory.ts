import {
  type Configuration,
  ConfigurationError,
  type MemoryStoreFactory,
  MemoryStoreFactoryService,
  type ServiceCollection,
} from '@orkeon/core';
import { pineconeHostUrl } from './pinecone-host.js';
import { PineconeMemoryOptionsError } from './pinecone-memory-errors.js';
import { pineconeMemorySettings } from './pinecone-memory-settings.js';

/**
 * Registers the `pinecone` memory store, built from `Svc:Memory:Pinecone` when a crew or
 * agent first remembers in it (`Memory:Provider` = `pinecone`, or a crew's
 * `memoryProvider`). A missing `ApiKey`, or a host it cannot use, refuses the start here,
 * before anything connects; opening resolves the index host (unless `Host` is given) and
 * checks that the index answers. The key is sent, never logged nor quoted.
 */
export function addSvcPineconeMemory(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  const settings = configuration.get(pineconeMemorySettings);
  const section = pineconeMemorySettings.path;
  const apiKey = settings.ApiKey;
  if (apiKey === undefined || apiKey.trim() === '') {
    const key = `${section}:ApiKey`;
    throw new ConfigurationError([
      {
        key,
        message: `Setting '${key}' is required by the Pinecone memory store: give the API key of the project that holds index '${settings.IndexName}' (environment variable SVC_Svc__Memory__Pinecone__ApiKey).`,
      },
    ]);
  }
  for (const [name, value] of [
    ['Host', settings.Host],
    ['ControllerHost', settings.ControllerHost],
  ] as const) {
    if (value === undefined) continue;
    const key = `${section}:${name}`;
    try {
      pineconeHostUrl(value, name);
    } catch (error) {
      if (!PineconeMemoryOptionsError.isInstance(error)) throw error;
      throw new ConfigurationError([{ key, message: `Setting '${key}' cannot be used: ${error.message}` }], {
        cause: error,
      });
    }
  }
  const factory: MemoryStoreFactory = {
    type: 'pinecone',
    // The client loads when the store is first used, not when the package is.
    create: async ({ logger }) => {
      const { PineconeMemoryProvider } = await import('./pinecone-memory-provider.js');
      return PineconeMemoryProvider.open({
        apiKey,
        indexName: settings.IndexName,
        namespace: settings.Namespace,
        wordSearchMaxRecords: settings.WordSearchMaxRecords,
        logger,
        ...(settings.Host === undefined ? {} : { host: settings.Host }),
        ...(settings.ControllerHost === undefined ? {} : { controllerHost: settings.ControllerHost }),
      });
    },
  };
  return services.add(MemoryStoreFactoryService, 'singleton', () => factory);
}
