import {
  type Configuration,
  type Logger,
  llmSettings,
  RemoteEmbeddingProviderService,
  type ServiceCollection,
} from '@orkeon/core';
import { createRemoteEmbeddingProvider } from './create-remote-embedding-provider.js';

/**
 * Registers the remote embedding provider (the runtime's second choice, after a local
 * one) when `Llm:EmbeddingModel` is set; a host's own registration is kept. Built at
 * once, so that a provider without embeddings refuses the start.
 */
export function addRemoteEmbeddings(
  services: ServiceCollection,
  configuration: Configuration,
  logger?: Logger,
): ServiceCollection {
  if (!configuration.has('Llm') || services.has(RemoteEmbeddingProviderService)) return services;
  const settings = configuration.get(llmSettings);
  const { EmbeddingModel } = settings;
  if (EmbeddingModel === undefined) return services;
  const provider = createRemoteEmbeddingProvider(
    { ...settings, EmbeddingModel },
    logger === undefined ? {} : { logger },
  );
  return services.tryAddInstance(RemoteEmbeddingProviderService, provider);
}
