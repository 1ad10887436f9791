import { LoggerService } from '../logging/logger.js';
import { MultiModalContentService } from '../multimodal/multimodal-content.js';
import type { ServiceResolver } from '../services/service-provider.js';
import type { CallerIdentity, Tool } from '../tools/tool.js';
import { ToolInvocationPipelineService } from '../tools/tool-invocation-pipeline.js';
import { ChatModelService } from './chat-model.js';
import { LlmDeltaSinkService } from './console-streaming.js';
import { LlmClient, type LlmClientOptions } from './llm-client.js';

/**
 * An `LlmClient` wired from the registered services: the `ChatModel`, the logger,
 * the tool invocation pipeline (when tools are given) and, when console streaming
 * is enabled, the console sink; the multimodal subsystem when registered.
 */
export function createLlmClient(
  services: ServiceResolver,
  options: { tools?: readonly Tool[]; caller?: CallerIdentity; settings?: LlmClientOptions['settings'] } = {},
): LlmClient {
  const tools = options.tools ?? [];
  const deltaSink = services.tryGet(LlmDeltaSinkService);
  const multiModal = services.tryGet(MultiModalContentService);
  return new LlmClient({
    model: services.get(ChatModelService),
    logger: services.get(LoggerService),
    ...(tools.length === 0 ? {} : { tools, pipeline: services.get(ToolInvocationPipelineService) }),
    ...(deltaSink === undefined ? {} : { deltaSink }),
    ...(options.caller === undefined ? {} : { caller: options.caller }),
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(multiModal === undefined ? {} : { multiModal }),
  });
}
