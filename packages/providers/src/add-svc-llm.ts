import { ChatModelService, type Configuration, type Logger, type ServiceCollection } from '@orkeon/core';
import { createChatModelFromConfiguration } from './chat-model-from-configuration.js';

/**
 * Registers the `ChatModel` built from the settings (see
 * `createChatModelFromConfiguration`), created when first asked for. A model the
 * host registered itself is kept.
 */
export function addSvcLlm(
  services: ServiceCollection,
  configuration: Configuration,
  logger?: Logger,
): ServiceCollection {
  return services.tryAddSingleton(ChatModelService, () => createChatModelFromConfiguration(configuration, logger));
}
