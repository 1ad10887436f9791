import {
  ChatModelFactoryService,
  ChatModelService,
  type Configuration,
  type Logger,
  llmSettings,
  type ServiceCollection,
} from '@orkeon/core';
import { createChatModelFromConfiguration } from './chat-model-from-configuration.js';
import { createChatModel } from './create-chat-model.js';
import { addRemoteEmbeddings } from './embeddings/add-remote-embeddings.js';

/**
 * Registers the `ChatModel` built from the settings (see
 * `createChatModelFromConfiguration`), created when first asked for, and the factory
 * the runtime uses when an agent names another model id (same endpoint and key,
 * that model). What the host registered itself is kept.
 */
export function addSvcLlm(
  services: ServiceCollection,
  configuration: Configuration,
  logger?: Logger,
): ServiceCollection {
  const withLogger = logger === undefined ? {} : { logger };
  addRemoteEmbeddings(services, configuration, logger);
  return services
    .tryAddSingleton(ChatModelService, () => createChatModelFromConfiguration(configuration, logger))
    .tryAddInstance(ChatModelFactoryService, (modelId: string) =>
      createChatModel({ ...configuration.get(llmSettings), Model: modelId }, withLogger),
    );
}
