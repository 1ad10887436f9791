import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4FinishReason,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { Attributes, Span } from '@opentelemetry/api';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import {
  contentAttribute,
  errorType,
  failSpan,
  GenAi,
  instruments,
  recordCost,
  SpanKind,
  tracer,
} from './gen-ai-telemetry.js';

interface CallOutcome {
  /** With content capture: what the model answered (text and tool calls). */
  output?: unknown;
  responseId?: string | undefined;
  responseModel?: string | undefined;
  finishReason?: LanguageModelV4FinishReason | undefined;
  usage?: LanguageModelV4Usage | undefined;
}

/**
 * The model with a `chat {model}` client span around every call (retries
 * included), carrying the request settings and, once known, the response id, model,
 * finish reasons and token usage; and the token-usage, duration, call-count and
 * estimated-cost metrics, labelled with provider and request model.
 */
export function withTelemetry(
  model: LanguageModelV4,
  provider: string,
  options: { readonly captureContent?: boolean } = {},
): LanguageModelV4 {
  const labels = callLabelsOf(provider.toLowerCase(), model.modelId);
  const capture = options.captureContent === true;
  return {
    specificationVersion: 'v4',
    provider: model.provider,
    modelId: model.modelId,
    supportedUrls: model.supportedUrls,
    async doGenerate(options) {
      const call = startCall(labels, options, capture);
      try {
        const result = await model.doGenerate(options);
        call.end({
          ...(capture ? { output: answerOf(result.content) } : {}),
          responseId: result.response?.id,
          responseModel: result.response?.modelId,
          finishReason: result.finishReason,
          usage: result.usage,
        });
        return result;
      } catch (error) {
        call.fail(error);
        throw error;
      }
    },
    async doStream(options) {
      const call = startCall(labels, options, capture);
      // With content capture, the streamed text and tool calls, put together as the answer.
      const text: string[] = [];
      const toolCalls: unknown[] = [];
      let result: Awaited<ReturnType<LanguageModelV4['doStream']>>;
      try {
        result = await model.doStream(options);
      } catch (error) {
        call.fail(error);
        throw error;
      }
      const outcome: CallOutcome = {};
      let failure: unknown;
      const observed = result.stream.pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
          transform(part, controller) {
            if (part.type === 'response-metadata') {
              outcome.responseId = part.id;
              outcome.responseModel = part.modelId;
            } else if (part.type === 'finish') {
              outcome.finishReason = part.finishReason;
              outcome.usage = part.usage;
            } else if (part.type === 'error') {
              failure ??= part.error;
            } else if (capture && part.type === 'text-delta') {
              text.push(part.delta);
            } else if (capture && part.type === 'tool-call') {
              toolCalls.push({ type: 'tool-call', toolName: part.toolName, input: part.input });
            }
            controller.enqueue(part);
          },
          flush() {
            if (capture)
              outcome.output = [...(text.length === 0 ? [] : [{ type: 'text', text: text.join('') }]), ...toolCalls];
            if (failure === undefined) call.end(outcome);
            else call.fail(failure, outcome);
          },
          cancel(reason) {
            call.fail(
              reason ??
                new OrkeonError<CoreErrorCode>('LLM_STREAM_CANCELLED', 'The model stream was cancelled by its reader.'),
              outcome,
            );
          },
        }),
      );
      return { ...result, stream: observed };
    },
  };
}

/**
 * The attribute sets of one model's calls, made once per model rather than on every call, which
 * records five metrics. Neither the tracer nor the meter changes a set it is given.
 */
interface CallLabels {
  readonly requestModel: string;
  readonly span: Attributes;
  readonly call: Attributes;
  readonly input: Attributes;
  readonly output: Attributes;
}

function callLabelsOf(provider: string, requestModel: string): CallLabels {
  const call: Attributes = {
    [GenAi.providerName]: provider,
    [GenAi.requestModel]: requestModel,
    [GenAi.operationName]: 'chat',
  };
  return {
    requestModel,
    span: { [GenAi.operationName]: 'chat', [GenAi.providerName]: provider, [GenAi.requestModel]: requestModel },
    call,
    input: { ...call, [GenAi.tokenType]: 'input' },
    output: { ...call, [GenAi.tokenType]: 'output' },
  };
}

/** The answer's text and tool calls, as `gen_ai.output.messages` records them. */
function answerOf(content: readonly { type: string }[]): unknown[] {
  return content.flatMap((part): unknown[] => {
    const item = part as { type: string; text?: string; toolName?: string; input?: unknown };
    if (item.type === 'text') return [{ type: 'text', text: item.text }];
    if (item.type === 'tool-call') return [{ type: 'tool-call', toolName: item.toolName, input: item.input }];
    return [];
  });
}

function startCall(labels: CallLabels, options: LanguageModelV4CallOptions, capture = false) {
  const started = performance.now();
  const { requestModel } = labels;
  const span: Span = tracer().startSpan(`chat ${requestModel}`, {
    kind: SpanKind.CLIENT,
    attributes:
      options.temperature === undefined && options.maxOutputTokens === undefined
        ? labels.span
        : {
            ...labels.span,
            ...(options.temperature === undefined ? {} : { [GenAi.requestTemperature]: options.temperature }),
            ...(options.maxOutputTokens === undefined ? {} : { [GenAi.requestMaxTokens]: options.maxOutputTokens }),
          },
  });
  if (capture) span.setAttribute(GenAi.inputMessages, contentAttribute(options.prompt));
  let ended = false;
  const finish = (outcome: CallOutcome, error?: unknown) => {
    if (ended) return;
    ended = true;
    if (outcome.output !== undefined) span.setAttribute(GenAi.outputMessages, contentAttribute(outcome.output));
    const measures = instruments();
    const seconds = (performance.now() - started) / 1000;
    if (outcome.responseId !== undefined) span.setAttribute(GenAi.responseId, outcome.responseId);
    if (outcome.responseModel !== undefined) span.setAttribute(GenAi.responseModel, outcome.responseModel);
    if (outcome.finishReason !== undefined) {
      span.setAttribute(GenAi.responseFinishReasons, [outcome.finishReason.raw ?? outcome.finishReason.unified]);
    }
    const input = outcome.usage?.inputTokens.total;
    const output = outcome.usage?.outputTokens.total;
    if (input !== undefined) {
      span.setAttribute(GenAi.usageInputTokens, input);
      measures.tokenUsage.record(input, labels.input);
    }
    if (output !== undefined) {
      span.setAttribute(GenAi.usageOutputTokens, output);
      measures.tokenUsage.record(output, labels.output);
    }
    if (error !== undefined) failSpan(span, error);
    const outcomeLabels = error === undefined ? labels.call : { ...labels.call, [GenAi.errorType]: errorType(error) };
    measures.operationDuration.record(seconds, outcomeLabels);
    measures.llmCalls.add(1, outcomeLabels);
    if (input !== undefined || output !== undefined) recordCost(requestModel, input ?? 0, output ?? 0, labels.call);
    span.end();
  };
  return {
    end: (outcome: CallOutcome) => finish(outcome),
    fail: (error: unknown, outcome: CallOutcome = {}) => finish(outcome, error),
  };
}
