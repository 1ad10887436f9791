import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { ChatModel } from './chat-model.js';

/** What code may hand over wherever a model is asked for: Orkeon's `ChatModel`, or a plain AI SDK model. */
export type ModelInput = ChatModel | LanguageModelV4;

/**
 * A `ChatModel` from either form. An AI SDK model (e.g. `openai.chat('gpt-4.1-mini')`)
 * keeps its own provider and model id; the provider name is the part before the first
 * dot (`openai.chat` → `openai`), as telemetry reports it.
 */
export function toChatModel(model: ModelInput): ChatModel {
  if (isChatModel(model)) return model;
  const candidate = model as Partial<LanguageModelV4> | null;
  if (
    candidate === null ||
    typeof candidate !== 'object' ||
    typeof candidate.doGenerate !== 'function' ||
    typeof candidate.modelId !== 'string'
  ) {
    throw new OrkeonError<CoreErrorCode>(
      'LLM_MODEL_INVALID',
      'The model is neither an Orkeon ChatModel nor an AI SDK language model. Pass e.g. openai.chat("gpt-4.1-mini") from @ai-sdk/openai, or createChatModel({ model }) from @orkeon/providers.',
    );
  }
  if (candidate.specificationVersion !== 'v4') {
    throw new OrkeonError<CoreErrorCode>(
      'LLM_MODEL_UNSUPPORTED',
      `The AI SDK model '${candidate.modelId}' implements the '${String(candidate.specificationVersion)}' model specification; Orkeon needs 'v4'. Update its provider package (e.g. @ai-sdk/openai 4 or later).`,
    );
  }
  const provider =
    String(candidate.provider ?? 'unknown')
      .split('.')[0]
      ?.toLowerCase() || 'unknown';
  return { provider, modelId: candidate.modelId, model: model as LanguageModelV4, supportsStreaming: true };
}

export function isChatModel(model: unknown): model is ChatModel {
  return (
    typeof model === 'object' &&
    model !== null &&
    'model' in model &&
    'supportsStreaming' in model &&
    typeof (model as ChatModel).modelId === 'string'
  );
}
