import { type ChatModel, type Configuration, createEchoModel, type Logger, llmSettings } from '@orkeon/core';
import { type CreateChatModelOptions, createChatModel } from './create-chat-model.js';

/**
 * The chat model of a run's settings: with no `Llm` section at all, the offline
 * echo model (which logs one warning); otherwise the model `createChatModel` builds
 * from the bound `Llm` settings.
 */
export function createChatModelFromConfiguration(
  configuration: Configuration,
  logger?: Logger,
  options: Omit<CreateChatModelOptions, 'logger'> = {},
): ChatModel {
  if (!configuration.has('Llm')) return createEchoModel(logger);
  return createChatModel(configuration.get(llmSettings), { ...options, ...(logger === undefined ? {} : { logger }) });
}
