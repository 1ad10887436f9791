import {
  type Attributes,
  type Counter,
  type Histogram,
  type MeterProvider,
  metrics,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
  type TracerProvider,
  trace,
} from '@opentelemetry/api';
import { OrkeonError } from '../errors/orkeon-error.js';
import { builtInModelPrices, estimateCost, type ModelPrice } from './model-prices.js';

/**
 * The spans and metrics every run emits, named as the GenAI semantic conventions
 * and the Orkeon interface say. Only the OpenTelemetry API is used: with no SDK
 * registered every call is a no-op, so telemetry costs next to nothing until a host
 * starts an exporter (`@orkeon/telemetry`).
 */
export const GenAi = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  requestModel: 'gen_ai.request.model',
  requestTemperature: 'gen_ai.request.temperature',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  agentName: 'gen_ai.agent.name',
  agentId: 'gen_ai.agent.id',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  tokenType: 'gen_ai.token.type',
  errorType: 'error.type',
  /** Content (Telemetry:CaptureContent): the messages sent, the answer, a tool call's arguments and result. */
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
} as const;

/** The most characters of content one attribute holds (Telemetry:CaptureContent). */
export const maxContentCharacters = 16_000;

/** `value` as JSON text (a string as itself), cut at `maxContentCharacters` with a marker saying how much was left out. */
export function contentAttribute(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length <= maxContentCharacters
    ? text
    : `${text.slice(0, maxContentCharacters)}… [${text.length - maxContentCharacters} more characters]`;
}

export const OrkeonAttributes = {
  taskId: 'orkeon.task.id',
  llmMethod: 'orkeon.llm.method',
  crewName: 'orkeon.crew.name',
  crewProcess: 'orkeon.crew.process',
  /** The run's id (its checkpoint session), on `crew.run` when a runtime runs the crew. */
  sessionId: 'orkeon.session.id',
  toolOutcome: 'orkeon.tool.outcome',
  /** `blocked` or `warned`, on the span where the Guardian decided (`invoke_agent`, `execute_tool`). */
  guardianDecision: 'orkeon.guardian.decision',
  /** `Input`, `ToolExecution`, `ToolResult` or `Delegation`. */
  guardianPhase: 'orkeon.guardian.phase',
  /** The injection pattern classes found (`instruction-override`, …). */
  guardianClasses: 'orkeon.guardian.pattern_classes',
  /** The guardrail that blocked (on the `invoke_agent` or `execute_tool` span). */
  guardrailTripped: 'orkeon.guardrail.tripped',
  /** What the permission gate decided (`allow`, `deny`, `approved`, `refused`, `unanswered`), on the span of the call it judged. */
  permissionDecision: 'orkeon.permission.decision',
  /** The permission mode the gate judged the call in. */
  permissionMode: 'orkeon.permission.mode',
} as const;

export const MetricNames = {
  tokenUsage: 'gen_ai.client.token.usage',
  operationDuration: 'gen_ai.client.operation.duration',
  llmCalls: 'orkeon.llm.calls',
  toolExecutions: 'orkeon.tool.executions',
  estimatedCost: 'orkeon.llm.cost',
} as const;

interface Instruments {
  readonly tokenUsage: Histogram;
  readonly operationDuration: Histogram;
  readonly llmCalls: Counter;
  readonly toolExecutions: Counter;
  readonly estimatedCost: Counter;
}

const instrumentationName = 'orkeon';
let prices: Record<string, ModelPrice> = { ...builtInModelPrices };
let cachedMeterProvider: MeterProvider | undefined;
let cachedInstruments: Instruments | undefined;
let cachedTracerProvider: TracerProvider | undefined;
let cachedTracer: Tracer | undefined;

/**
 * The tracer of the current global tracer provider, kept while that provider stays: asking the
 * provider for it again on every span costs more than the span's attributes.
 */
export function tracer(): Tracer {
  const provider = trace.getTracerProvider();
  if (cachedTracer !== undefined && provider === cachedTracerProvider) return cachedTracer;
  cachedTracerProvider = provider;
  cachedTracer = provider.getTracer(instrumentationName);
  return cachedTracer;
}

/** The metric instruments of the current global meter provider (re-created when a host registers one). */
export function instruments(): Instruments {
  const provider = metrics.getMeterProvider();
  if (cachedInstruments !== undefined && provider === cachedMeterProvider) return cachedInstruments;
  const meter = provider.getMeter(instrumentationName);
  cachedMeterProvider = provider;
  cachedInstruments = {
    tokenUsage: meter.createHistogram(MetricNames.tokenUsage, {
      unit: '{token}',
      description: 'Tokens used per model call.',
    }),
    operationDuration: meter.createHistogram(MetricNames.operationDuration, {
      unit: 's',
      description: 'Duration of model calls.',
    }),
    llmCalls: meter.createCounter(MetricNames.llmCalls, { description: 'Model calls made.' }),
    toolExecutions: meter.createCounter(MetricNames.toolExecutions, { description: 'Tool calls made, by outcome.' }),
    estimatedCost: meter.createCounter(MetricNames.estimatedCost, {
      unit: 'USD',
      description: 'Estimated cost of model calls, from the price table.',
    }),
  };
  return cachedInstruments;
}

/** Adds or replaces model prices for the estimated-cost counter (`Telemetry:Prices`). */
export function setModelPrices(overrides: Readonly<Record<string, ModelPrice>>): void {
  prices = { ...builtInModelPrices, ...overrides };
}

export function recordCost(model: string, inputTokens: number, outputTokens: number, attributes: Attributes): void {
  const cost = estimateCost(prices, model, inputTokens, outputTokens);
  if (cost !== undefined && cost > 0) instruments().estimatedCost.add(cost, attributes);
}

/** A low-cardinality name for what went wrong: the Orkeon error code, else the error's class. */
export function errorType(error: unknown): string {
  if (OrkeonError.isInstance(error)) return error.code;
  if (error instanceof Error) return error.name;
  return 'unknown';
}

export function failSpan(span: Span, error: unknown): void {
  span.setAttribute(GenAi.errorType, errorType(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

export { SpanKind };
