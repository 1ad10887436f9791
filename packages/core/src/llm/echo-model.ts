import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { Logger } from '../logging/logger.js';
import type { ChatModel } from './chat-model.js';

export const echoNotice = '[echo: no language model is configured; add an Llm section to use one]';

/**
 * The offline model used when the settings have no `Llm` section at all, so that
 * every example runs without a key. It answers by echoing the last user message,
 * says so in every answer, never calls tools, and logs one warning when created.
 */
export function createEchoModel(logger?: Logger): ChatModel {
  logger?.warn(
    'No Llm section in the settings: agents run on the offline echo model, which only repeats its input. Configure Llm:Model and Llm:ApiKey (or Llm:BaseUrl) for a real model.',
  );
  const model: LanguageModelV4 = {
    specificationVersion: 'v4',
    provider: 'echo',
    modelId: 'echo',
    supportedUrls: {},
    async doGenerate(options) {
      const text = answer(options);
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(options, text),
        warnings: [],
        response: { id: `echo-${Date.now()}`, modelId: 'echo', timestamp: new Date() },
      };
    },
    async doStream(options) {
      const text = answer(options);
      const pieces = text.match(/\S+\s*/g) ?? [text];
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', id: `echo-${Date.now()}`, modelId: 'echo', timestamp: new Date() },
        { type: 'text-start', id: 'text' },
        ...pieces.map((delta): LanguageModelV4StreamPart => ({ type: 'text-delta', id: 'text', delta })),
        { type: 'text-end', id: 'text' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(options, text) },
      ];
      return {
        stream: new ReadableStream({
          start(controller) {
            for (const part of parts) controller.enqueue(part);
            controller.close();
          },
        }),
      };
    },
  };
  return { provider: 'echo', modelId: 'echo', model, supportsStreaming: true };
}

function answer(options: LanguageModelV4CallOptions): string {
  const lastUser = [...options.prompt].reverse().find((message) => message.role === 'user');
  const text =
    lastUser?.content
      .map((part) => (part.type === 'text' ? part.text : ''))
      .join('')
      .trim() ?? '';
  return `${echoNotice} ${text}`.trim();
}

function usage(options: LanguageModelV4CallOptions, text: string): LanguageModelV4Usage {
  const input = Math.max(1, Math.ceil(JSON.stringify(options.prompt).length / 4));
  const output = Math.max(1, Math.ceil(text.length / 4));
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}
