import type { LanguageModelV4 } from '@ai-sdk/provider';
import type { OrkeonError } from '../errors/orkeon-error.js';
import type { ChatModel } from './chat-model.js';

/**
 * A model that cannot be called (e.g. no API key): it is built without complaint so
 * the program starts, and **each call** fails with the error that says what is
 * missing. It reports no streaming support, so callers take the buffered path.
 */
export function createUnavailableModel(provider: string, modelId: string, reason: () => OrkeonError): ChatModel {
  const fail = () => Promise.reject(reason());
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider,
    modelId,
    supportedUrls: {},
    doGenerate: fail,
    doStream: fail,
  };
  return { provider, modelId, model, supportsStreaming: false };
}
