// One file for LlmClient: complete and act share one loop over the AI SDK (streamed or buffered);
// retries, telemetry, stop conditions and model normalisation live beside it.
import {
  generateText,
  type ImagePart,
  type JSONSchema7,
  jsonSchema,
  type LanguageModelUsage,
  type ModelMessage,
  Output,
  type StepResult,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
} from 'ai';
import type { Guardian } from '../guardian/guardian.js';
import { GuardianBlockedError } from '../guardian/guardian-blocked-error.js';
import type { GuardrailSet } from '../guardrails/guardrail-set.js';
import { GuardrailTrippedError } from '../guardrails/guardrail-tripped-error.js';
import type { Logger } from '../logging/logger.js';
import type { MultiModalContent, PromptAttachment, UserMessageContent } from '../multimodal/multimodal-content.js';
import type { PermissionMode } from '../permissions/permission-mode.js';
import { failSpan, GenAi, OrkeonAttributes, tracer } from '../telemetry/gen-ai-telemetry.js';
import { withTelemetry } from '../telemetry/model-telemetry.js';
import type { CallerIdentity, Tool } from '../tools/tool.js';
import { toolInputJsonSchema } from '../tools/tool.js';
import type { ToolInvocationPipeline } from '../tools/tool-invocation-pipeline.js';
import { isToolResult } from '../tools/tool-result.js';
import { type CallingModel, withCallingModel } from './calling-model.js';
import type { ChatModel } from './chat-model.js';
import type { LlmDeltaSink } from './console-streaming.js';
import { LlmError, toLlmError } from './llm-errors.js';
import { type ModelRetry, withRetries } from './retry-policy.js';
import type { AgentStep, StopCondition } from './stop-conditions.js';
import type { TokenUsage } from './token-usage.js';
import { providersTakingToolMedia, toolModelOutput } from './tool-model-output.js';

export type { TokenUsage } from './token-usage.js';

export const defaultMaxIterations = 10;

/** Ask for JSON: any object, or one that matches a JSON Schema. */
export type ResponseFormat = { readonly type: 'json'; readonly schema?: JSONSchema7; readonly name?: string };

export interface CompleteOptions {
  /** A system message for the call. */
  readonly system?: string;
  readonly signal?: AbortSignal;
  /** Receives the streamed text as it arrives. */
  readonly onDelta?: (delta: string) => void;
  readonly responseFormat?: ResponseFormat;
  readonly temperature?: number;
  readonly maxTokens?: number;
  /**
   * Images (and other media) sent with the prompt, checked and sent by the multimodal
   * subsystem (`addSvcMultiModal`); without it, a call with attachments is refused.
   */
  readonly attachments?: readonly PromptAttachment[];
}

export interface ActOptions extends CompleteOptions {
  /** Most model calls in the loop; default 10. `0` or `Infinity` means no limit. */
  readonly maxIterations?: number;
  /** Ends the loop early when any of these holds after a step (see `toolCalled`, `tokensAtLeast`). */
  readonly stopWhen?: StopCondition | readonly StopCondition[];
  /** The permission gate's mode for the tool calls of this run (when a gate is enabled). */
  readonly permissionMode?: PermissionMode;
  /** Earlier messages of a conversation: the goal follows them as the caller's next message. */
  readonly history?: readonly ModelMessage[];
}

export interface CompleteResult {
  /** The answer's text (JSON text with a response format). */
  readonly output: string;
  /** The parsed answer, with a response format. */
  readonly value?: unknown;
  readonly usage: TokenUsage;
  /** True when the caller's signal stopped the call; `output` holds what had arrived. */
  readonly interrupted?: true;
}

export interface ActResult extends CompleteResult {
  /** Model calls made. */
  readonly iterations: number;
  /** What the model and the tools added to the conversation (assistant and tool messages), in order. */
  readonly responseMessages?: readonly ModelMessage[];
  /** True when `maxIterations` ended the loop while the model still wanted tools. */
  readonly exhausted?: true;
}

/** Temperature, output cap and retry rules of a client's calls. */
export interface LlmCallSettings {
  readonly temperature?: number | undefined;
  readonly maxTokens?: number | undefined;
  /** Retries of a failed call; default 10. */
  readonly maxRetries?: number;
  /** Time limit of one model call; default 30. */
  readonly timeoutSeconds?: number;
}

/** @deprecated Use the camelCase `LlmCallSettings`. */
export interface LegacyLlmCallSettings {
  readonly Temperature?: number | undefined;
  readonly MaxTokens?: number | undefined;
  readonly MaxRetries: number;
  readonly TimeoutSeconds: number;
}

/** The camelCase form of either settings shape, defaults filled in. */
export function callSettings(settings: LlmCallSettings | LegacyLlmCallSettings | undefined): Required<LlmCallSettings> {
  const legacy = settings !== undefined && 'MaxRetries' in settings ? settings : undefined;
  const modern = legacy === undefined ? (settings as LlmCallSettings | undefined) : undefined;
  return {
    temperature: legacy?.Temperature ?? modern?.temperature,
    maxTokens: legacy?.MaxTokens ?? modern?.maxTokens,
    maxRetries: legacy?.MaxRetries ?? modern?.maxRetries ?? 10,
    timeoutSeconds: legacy?.TimeoutSeconds ?? modern?.timeoutSeconds ?? 30,
  };
}

export interface LlmClientOptions {
  readonly model: ChatModel;
  readonly logger: Logger;
  /** Where `act` sends tool calls; required for tools. */
  readonly pipeline?: ToolInvocationPipeline;
  /** The tools `act` offers the model. */
  readonly tools?: readonly Tool[];
  readonly caller?: CallerIdentity;
  /** Defaults for temperature and output cap, and the retry rules (camelCase; the `Llm` settings' PascalCase names are still read). */
  readonly settings?: LlmCallSettings | LegacyLlmCallSettings;
  /** The console streaming sink, when enabled. */
  readonly deltaSink?: LlmDeltaSink;
  /** Hears each retry of a failed model call before its wait; without it, each retry is logged as a warning. */
  readonly onRetry?: (retry: ModelRetry) => void;
  /**
   * A conversation every `act` of this client continues, unless the call gives its own
   * `history`: its messages come before the goal, its summary after the system prompt.
   */
  readonly conversation?: { readonly messages: readonly ModelMessage[]; readonly summary?: string | undefined };
  /** Screens each prompt before the model sees it and frames each tool result as data; absent when the Guardian is off. */
  readonly guardian?: Guardian;
  /** Record the messages sent and the answers on the chat spans (Telemetry:CaptureContent). */
  readonly captureContent?: boolean;
  /** The user's guardrails of this agent: on its prompt, its answer and its tool calls. */
  readonly guardrails?: GuardrailSet;
  /** Sends attachments and the media of tool results (`addSvcMultiModal`); absent, attachments are refused. */
  readonly multiModal?: MultiModalContent;
}

/**
 * How agents and scripts talk to their model: `complete` for one answer, `act` for
 * the tool-call loop, where every tool call crosses the invocation pipeline (and so
 * the permission gate). Built on the AI SDK's loop, with Orkeon's retry rules,
 * typed errors and streaming to `onDelta` and the console sink.
 */
export class LlmClient {
  readonly #options: LlmClientOptions;
  readonly #model: ChatModel;
  readonly #settings: Required<LlmCallSettings>;

  constructor(options: LlmClientOptions) {
    this.#options = options;
    const settings = callSettings(options.settings);
    this.#settings = settings;
    const retrying = withRetries(options.model.model, {
      provider: options.model.provider,
      maxRetries: settings.maxRetries,
      timeoutSeconds: settings.timeoutSeconds,
      onRetry: retryReporter(options),
    });
    this.#model = {
      ...options.model,
      model: withTelemetry(retrying, options.model.provider, { captureContent: options.captureContent === true }),
    };
    routeSdkWarnings(options.logger);
  }

  get model(): ChatModel {
    return this.#options.model;
  }

  /** One answer to `prompt`, without tools. */
  async complete(prompt: string, options: CompleteOptions = {}): Promise<CompleteResult> {
    const {
      iterations: _,
      exhausted: __,
      responseMessages: ___,
      ...result
    } = await this.#traced('complete', () => this.#guarded(prompt, options, false));
    return result;
  }

  /** The tool-call loop: the model works on `goal` with the client's tools until it answers or runs out of iterations. */
  act(goal: string, options: ActOptions = {}): Promise<ActResult> {
    return this.#traced('act', () => this.#guarded(goal, options, true));
  }

  /**
   * The user's guardrails around one complete/act: the input checks beside the model call
   * (aborting it when they block) or before it, the output checks on the answer.
   */
  async #guarded(prompt: string, options: ActOptions, withTools: boolean): Promise<ActResult> {
    const guardrails = this.#options.guardrails;
    if (guardrails === undefined) return this.#run(prompt, options, withTools);
    const caller = this.#options.caller ?? { kind: 'script' as const };
    let result: ActResult;
    if (!guardrails.has('input')) result = await this.#run(prompt, options, withTools);
    else if (!guardrails.inputBesideModel) {
      const checked = await guardrails.run('input', prompt, caller, signalOption(options.signal));
      if ('trip' in checked) throw new GuardrailTrippedError(checked.trip);
      result = await this.#run(checked.text, options, withTools);
    } else {
      const stop = new AbortController();
      const signal = options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal]);
      const checking = guardrails.run('input', prompt, caller, { signal }).then((checked) => {
        if ('trip' in checked || checked.text !== prompt) stop.abort(new Error('a guardrail stopped the model call'));
        return checked;
      });
      const running = this.#run(prompt, { ...options, signal }, withTools);
      const [checked, ran] = await Promise.all([checking, running.then(ok, failed)]);
      if ('trip' in checked) throw new GuardrailTrippedError(checked.trip);
      if (checked.text !== prompt) result = await this.#run(checked.text, options, withTools);
      else if (ran.ok) result = ran.value;
      else throw ran.error;
    }
    if (!guardrails.has('output') || result.interrupted === true) return result;
    const checked = await guardrails.run('output', result.output, caller, signalOption(options.signal));
    if ('trip' in checked) throw new GuardrailTrippedError(checked.trip);
    return checked.text === result.output ? result : { ...result, output: checked.text };
  }

  /** The `invoke_agent {agent}` span around one complete/act; model calls and tool calls nest under it. */
  #traced(method: 'complete' | 'act', run: () => Promise<ActResult>): Promise<ActResult> {
    const caller = this.#options.caller;
    const agent = caller?.agent ?? 'agent';
    const attributes = {
      [GenAi.operationName]: 'invoke_agent',
      [GenAi.agentName]: agent,
      [GenAi.providerName]: this.#model.provider.toLowerCase(),
      [GenAi.requestModel]: this.#model.modelId,
      [OrkeonAttributes.llmMethod]: method,
      ...(caller?.agentId === undefined ? {} : { [GenAi.agentId]: caller.agentId }),
      ...(caller?.task === undefined ? {} : { [OrkeonAttributes.taskId]: caller.task }),
      ...(caller?.crew === undefined ? {} : { [OrkeonAttributes.crewName]: caller.crew }),
      ...(caller?.process === undefined ? {} : { [OrkeonAttributes.crewProcess]: caller.process }),
    };
    return tracer().startActiveSpan(`invoke_agent ${agent}`, { attributes }, async (span) => {
      try {
        const result = await run();
        if (result.interrupted === true) span.setAttribute(GenAi.errorType, 'interrupted');
        return result;
      } catch (error) {
        failSpan(span, error);
        throw error;
      } finally {
        span.end();
      }
    });
  }

  async #run(prompt: string, options: ActOptions, withTools: boolean): Promise<ActResult> {
    const blocked = this.#options.guardian?.screenPrompt(prompt, this.#options.caller);
    if (blocked !== undefined) throw new GuardianBlockedError(blocked);
    const maxIterations = withTools ? (options.maxIterations ?? defaultMaxIterations) : 1;
    const unlimited = maxIterations === 0 || maxIterations === Number.POSITIVE_INFINITY;
    const sink = this.#options.deltaSink;
    const onDelta = options.onDelta;
    const streaming = this.#model.supportsStreaming && (onDelta !== undefined || sink !== undefined);
    const temperature = options.temperature ?? this.#settings.temperature;
    const maxOutputTokens = options.maxTokens ?? this.#settings.maxTokens;
    const format = options.responseFormat;
    let failure: unknown;
    const own = withTools ? (options as ActOptions).history : undefined;
    const conversation = withTools && own === undefined ? this.#options.conversation : undefined;
    const history = own ?? conversation?.messages;
    const system =
      conversation?.summary === undefined
        ? options.system
        : `${options.system === undefined ? '' : `${options.system}\n\n`}Earlier in this conversation (a summary):\n${conversation.summary}`;
    const content = await this.#userMessage(prompt, options.attachments);
    // Images a tool returned for a provider that reads images only in user messages, sent after the tool results.
    const toolImages: ImagePart[] = [];
    const common = {
      model: this.#model.model,
      ...(history === undefined && typeof content === 'string'
        ? { prompt: content }
        : { messages: [...(history ?? []), { role: 'user' as const, content }] as ModelMessage[] }),
      ...(system === undefined ? {} : { system }),
      ...(withTools ? { tools: this.#aiTools(options, toolImages) } : {}),
      ...(withTools && this.#options.multiModal !== undefined
        ? {
            prepareStep: ({ messages }: { messages: ModelMessage[] }) =>
              toolImages.length === 0
                ? undefined
                : {
                    messages: [
                      ...messages,
                      {
                        role: 'user' as const,
                        content: [
                          { type: 'text' as const, text: 'The images returned by the tool calls above:' },
                          ...toolImages.splice(0),
                        ],
                      },
                    ],
                  },
          }
        : {}),
      stopWhen: stopConditions(unlimited ? undefined : maxIterations, withTools ? options.stopWhen : undefined),
      // Orkeon retries (withRetries) and traces (withTelemetry) itself; the SDK's own would repeat both.
      maxRetries: 0,
      telemetry: { isEnabled: false },
      ...(options.signal === undefined ? {} : { abortSignal: options.signal }),
      ...(temperature === undefined ? {} : { temperature }),
      ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
      ...(format === undefined
        ? {}
        : {
            output:
              format.schema === undefined
                ? Output.json()
                : Output.object({
                    schema: jsonSchema(format.schema),
                    ...(format.name === undefined ? {} : { name: format.name }),
                  }),
          }),
    };
    let text = '';
    // Counted as steps end, so an interrupted run still reports what it used.
    let completedSteps = 0;
    const used = { inputTokens: 0, outputTokens: 0 };
    const onStepEnd = ({ usage }: { usage: LanguageModelUsage }) => {
      completedSteps++;
      used.inputTokens += usage.inputTokens ?? 0;
      used.outputTokens += usage.outputTokens ?? 0;
    };
    try {
      if (streaming) {
        const result = streamText({
          ...common,
          onStepEnd,
          onChunk: ({ chunk }) => {
            if (chunk.type !== 'text-delta' || chunk.text === '') return;
            text += chunk.text;
            sink?.(chunk.text);
            onDelta?.(chunk.text);
          },
          onError: ({ error }) => {
            failure = error;
          },
        });
        await result.consumeStream();
        if (failure !== undefined) throw failure;
        const steps = await result.steps;
        return this.#result(
          await result.text,
          steps,
          await result.totalUsage,
          maxIterations,
          unlimited,
          format === undefined ? undefined : await result.output,
          await result.responseMessages,
        );
      }
      const result = await generateText({ ...common, onStepEnd });
      return this.#result(
        result.text,
        result.steps,
        result.totalUsage,
        maxIterations,
        unlimited,
        format === undefined ? undefined : result.output,
        result.responseMessages,
      );
    } catch (error) {
      if (options.signal?.aborted === true) {
        return {
          output: text,
          usage: { ...used, totalTokens: used.inputTokens + used.outputTokens },
          iterations: completedSteps,
          interrupted: true,
        };
      }
      const llmError = toLlmError(failure ?? error, this.#model.provider);
      this.#options.logger.debug({ err: llmError }, 'model call failed');
      throw llmError;
    }
  }

  /** The prompt with its attachments, as the multimodal subsystem sends them to this model. */
  async #userMessage(prompt: string, attachments: CompleteOptions['attachments']): Promise<UserMessageContent> {
    if (attachments === undefined || attachments.length === 0) return prompt;
    const multiModal = this.#options.multiModal;
    if (multiModal === undefined)
      throw new LlmError(
        'LLM_ATTACHMENTS_UNSUPPORTED',
        `The prompt has ${attachments.length} attachment(s), but no multimodal subsystem is registered: call addSvcMultiModal(services, configuration) from @orkeon/multimodal (orkeon run: add a Svc:MultiModal section to the settings), or remove the attachments.`,
      );
    const parts = await multiModal.prepare(attachments);
    return multiModal.userMessage(prompt, parts, this.#options.model);
  }

  #result(
    text: string,
    steps: readonly { finishReason: string; text: string }[],
    usage: LanguageModelUsage,
    maxIterations: number,
    unlimited: boolean,
    value: unknown,
    responseMessages: readonly ModelMessage[],
  ): ActResult {
    const last = steps.at(-1);
    const exhausted = !unlimited && steps.length >= maxIterations && last?.finishReason === 'tool-calls';
    const inputTokens = usage.inputTokens ?? 0;
    const outputTokens = usage.outputTokens ?? 0;
    return {
      output: text,
      ...(value === undefined ? {} : { value }),
      iterations: steps.length,
      usage: { inputTokens, outputTokens, totalTokens: usage.totalTokens ?? inputTokens + outputTokens },
      ...(exhausted ? { exhausted: true as const } : {}),
      responseMessages,
    };
  }

  #aiTools(options: ActOptions, toolImages: ImagePart[]) {
    const pipeline = this.#options.pipeline;
    const guardian = this.#options.guardian;
    const tools = this.#options.tools ?? [];
    if (tools.length > 0 && pipeline === undefined) {
      throw new LlmError(
        'LLM_PIPELINE_MISSING',
        'act was given tools but no tool invocation pipeline to run them through.',
      );
    }
    const caller = this.#options.caller ?? { kind: 'script' as const };
    return Object.fromEntries(
      tools.map((definition) => [
        definition.name,
        tool({
          description: definition.description,
          inputSchema: jsonSchema(toolInputJsonSchema(definition) as JSONSchema7),
          execute: async (input: unknown, { toolCallId, abortSignal }) => {
            const result = await withCallingModel(callingModelOf(this), async () =>
              pipeline?.invoke({
                tool: definition.name,
                input,
                caller,
                ...(this.#options.guardrails?.has('tool') === true ? { guardrails: this.#options.guardrails } : {}),
                callId: toolCallId,
                ...(abortSignal === undefined ? {} : { signal: abortSignal }),
                ...(options.permissionMode === undefined ? {} : { permissionMode: options.permissionMode }),
              }),
            );
            // A rich result travels whole, so that toModelOutput can hand its media to the model.
            if (result?.content !== undefined) return result;
            const output = result?.output ?? '';
            // A blocked or denied call answers in the Guardian's or the gate's words, not as data.
            return guardian === undefined || result?.outcome !== 'Success'
              ? output
              : guardian.screenToolResult(definition.name, output, caller);
          },
          toModelOutput: ({ output }) => {
            const multiModal = this.#options.multiModal;
            if (multiModal === undefined || !isToolResult(output) || output.content === undefined)
              return toolModelOutput(output, providersTakingToolMedia.has(this.#model.provider));
            const forModel = multiModal.toolOutput(output, this.#options.model);
            toolImages.push(...(forModel.followingImages ?? []));
            return forModel.output;
          },
        }),
      ]),
    );
  }
}

const ok = <T>(value: T) => ({ ok: true as const, value });
const failed = (error: unknown) => ({ ok: false as const, error });
const signalOption = (signal: AbortSignal | undefined) => (signal === undefined ? {} : { signal });

/** The iteration cap and the caller's own conditions, as the AI SDK's stop conditions. */
function stopConditions(maxIterations: number | undefined, own: ActOptions['stopWhen']) {
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own as StopCondition];
  const ownCondition = ({ steps }: { steps: StepResult<ToolSet>[] }) => {
    if (list.length === 0) return false;
    const seen = steps.map(toAgentStep);
    return list.some((condition) => condition(seen));
  };
  if (maxIterations === undefined) return ownCondition;
  return [stepCountIs(maxIterations), ownCondition];
}

function toAgentStep(step: StepResult<ToolSet>): AgentStep {
  const inputTokens = step.usage.inputTokens ?? 0;
  const outputTokens = step.usage.outputTokens ?? 0;
  return {
    text: step.text,
    toolCalls: step.toolCalls.map((call) => call.toolName),
    usage: { inputTokens, outputTokens, totalTokens: step.usage.totalTokens ?? inputTokens + outputTokens },
  };
}

/** The host's `onRetry`, kept from failing the call it reports on; else one warning per retry. */
function retryReporter(options: LlmClientOptions): (retry: ModelRetry) => void {
  const { logger, onRetry } = options;
  if (onRetry === undefined) {
    return (retry) => {
      const { reason, ...fields } = retry;
      logger.warn(fields, `model request failed (${reason}); ${retryPlan(retry)}`);
    };
  }
  return (retry) => {
    try {
      onRetry(retry);
    } catch (error) {
      logger.warn({ err: error }, 'onRetry threw; the retry goes on');
    }
  };
}

/** `retry 1 of 10 in 1 s`. */
function retryPlan({ retry, maxRetries, delayMs }: ModelRetry): string {
  const wait = delayMs === 0 ? 'now' : `in ${Number((delayMs / 1000).toFixed(delayMs < 1000 ? 2 : 1))} s`;
  return `retry ${retry} of ${maxRetries} ${wait}`;
}

/**
 * The AI SDK writes provider warnings ("responseFormat is not supported", …) to the
 * process's warnings; route them to the Orkeon logger instead, unless the host
 * already chose where they go (`globalThis.AI_SDK_LOG_WARNINGS`).
 */
function routeSdkWarnings(logger: Logger): void {
  if (globalThis.AI_SDK_LOG_WARNINGS !== undefined) return;
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    logger.warn({ provider, model, warnings }, 'the model provider reported warnings');
  };
}

/** The agent's model as its tool calls see it (`callingModel()`): plain answers, no tools. */
function callingModelOf(client: LlmClient): CallingModel {
  return {
    name: `${client.model.provider}/${client.model.modelId}`,
    complete: (prompt, options) => client.complete(prompt, options),
  };
}
