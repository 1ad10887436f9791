import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ScriptedModelServer } from '@orkeon/testing';
import type { ChatModel } from '../../src/llm/chat-model.js';

/** A model on the scripted model server, with a given id. */
export function scriptedModel(server: ScriptedModelServer, modelId = 'scripted-model'): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId, model: provider.chatModel(modelId), supportsStreaming: true };
}

/** The model ids the server was asked for, in order. */
export function requestedModels(server: ScriptedModelServer): string[] {
  return server.requests.map((request) => String((request.body as { model?: unknown } | undefined)?.model));
}
