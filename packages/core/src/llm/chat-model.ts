import type { LanguageModelV4 } from '@ai-sdk/provider';
import { serviceToken } from '../services/service-token.js';

/**
 * The language model agents think with: an AI SDK model (any of the 16 providers of
 * `@orkeon/providers`, the offline echo, or your own) with what Orkeon needs to
 * know about it.
 */
export interface ChatModel {
  /** Provider name in lower case, as telemetry reports it: `openai`, `anthropic`, `echo`, … */
  readonly provider: string;
  readonly modelId: string;
  readonly model: LanguageModelV4;
  /**
   * False when calls cannot succeed (no credentials): callers then take the buffered
   * path, whose error explains what is missing.
   */
  readonly supportsStreaming: boolean;
}

export const ChatModelService = serviceToken<ChatModel>('ChatModel');
