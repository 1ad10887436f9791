import type { LanguageModelV4, LanguageModelV4StreamPart, LanguageModelV4Usage } from '@ai-sdk/provider';

/**
 * `inner` with `before` awaited ahead of every call (a throw refuses the call) and `after`
 * given each call's usage once the provider reports it: a streamed call's when its stream
 * ends, so a call that spends a budget still delivers its whole answer.
 */
export function modelAroundCalls(
  inner: LanguageModelV4,
  before: () => Promise<void>,
  after: (usage: LanguageModelV4Usage | undefined) => void | Promise<void>,
): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: inner.provider,
    modelId: inner.modelId,
    supportedUrls: inner.supportedUrls,
    async doGenerate(options) {
      await before();
      const result = await inner.doGenerate(options);
      await after(result.usage);
      return result;
    },
    async doStream(options) {
      await before();
      const result = await inner.doStream(options);
      let usage: LanguageModelV4Usage | undefined;
      const counted = result.stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            if (part.type === 'finish') usage = part.usage;
            controller.enqueue(part);
          },
          flush: () => after(usage),
        }),
      );
      return { ...result, stream: counted };
    },
  };
}
