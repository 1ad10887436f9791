// One `act` run with one tool call against the scripted model server, in process:
// Orkeon's loop (LlmClient → invocation pipeline → tool) against the AI SDK's own
// tool loop called directly (generateText with the same model and a plain tool),
// with tracing off and on. Reports median ms per run, runs/s and heap growth per
// run, as ratios.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { OpenTelemetry } from '@ai-sdk/otel';
import { metrics, trace } from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  NoopSpanProcessor,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { generateText, jsonSchema, registerTelemetry, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import {
  createLogger,
  defineTool,
  dlpScreenedLogger,
  Guardian,
  LlmClient,
  NetworkGuard,
  ToolInvocationPipeline,
  ToolRegistry,
  VirtualFileSystem,
} from '../packages/core/src/index.js';
import {
  createDlpInterceptors,
  dlpToolCallInterceptor,
  PolicyDlpChannelGuard,
  RegexPiiDetector,
  SettingsDlpPolicyProvider,
} from '../packages/dlp/src/index.js';
import { MonitoringBackend } from '../packages/monitoring/src/index.js';
import { PooledRandomIdGenerator } from '../packages/telemetry/src/pooled-id-generator.js';
import { type RecordedRequest, startScriptedModelServer } from '../packages/testing/src/index.js';
import { monitoringDefaults, unregisterTelemetry } from './monitoring-buffer.js';

const runsPerBatch = 150;
const batches = 4;

/** A metric reader that never collects: the meter provider records into it as into any reader. */
class IdleMetricReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}

/** The median and the rate of runs timed one by one; no heap figure. */
function measureOfDurations(label: string, durations: number[]): AgentLoopMeasure {
  const sorted = durations.sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    label,
    medianMilliseconds: sorted[Math.floor(sorted.length / 2)] ?? 0,
    runsPerSecond: (sorted.length / total) * 1000,
    heapBytesPerRun: Number.NaN,
  };
}

export interface AgentLoopMeasure {
  readonly label: string;
  readonly medianMilliseconds: number;
  readonly runsPerSecond: number;
  readonly heapBytesPerRun: number;
}

export async function measureAgentLoop(): Promise<AgentLoopMeasure[][]> {
  const server = await startScriptedModelServer();
  const answer = (request: RecordedRequest) => {
    const messages = (request.body as { messages?: { role: string }[] }).messages ?? [];
    return messages.some((message) => message.role === 'tool')
      ? { text: 'The answer is 42.', usage: { inputTokens: 40, outputTokens: 6 } }
      : { toolCalls: [{ name: 'lookup', arguments: { key: 'answer' } }], usage: { inputTokens: 30, outputTokens: 8 } };
  };
  const model = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true }).chatModel(
    'bench-model',
  );
  const lookupInput = z.strictObject({ key: z.string() });

  const vfs = await VirtualFileSystem.create([]);
  const ourTool = defineTool({
    name: 'lookup',
    description: 'Look a value up.',
    access: 'Read',
    input: lookupInput,
    execute: async ({ key }) => `${key} = 42`,
  });
  const pipeline = new ToolInvocationPipeline({
    registry: new ToolRegistry([ourTool]),
    vfs,
    logger: createLogger({ level: 'silent' }),
  });
  const client = new LlmClient({
    model: { provider: 'openai', modelId: 'bench-model', model, supportsStreaming: true },
    logger: createLogger({ level: 'silent' }),
    pipeline,
    tools: [ourTool],
    caller: { kind: 'script', agent: 'bench' },
    settings: { MaxRetries: 0, TimeoutSeconds: 30 },
  });
  // The Guardian as createRuntime builds it by default: prompts screened (Block), calls checked, results enveloped (Warn).
  const guardian = new Guardian({
    promptPolicy: 'Block',
    toolResultPolicy: 'Warn',
    trustedTools: ['email_*', 'human_input'],
    urls: new NetworkGuard({ blockedPorts: [22, 23, 25, 110, 143, 445, 3306, 5432, 6379, 27017] }),
    logger: createLogger({ level: 'silent' }),
  });
  const guardedClient = new LlmClient({
    model: { provider: 'openai', modelId: 'bench-model', model, supportsStreaming: true },
    logger: createLogger({ level: 'silent' }),
    pipeline: new ToolInvocationPipeline({
      registry: new ToolRegistry([ourTool]),
      vfs,
      logger: createLogger({ level: 'silent' }),
      guardian,
    }),
    tools: [ourTool],
    caller: { kind: 'script', agent: 'bench' },
    settings: { MaxRetries: 0, TimeoutSeconds: 30 },
    guardian,
  });
  // Data-loss prevention in the pipeline (Svc:Dlp:ApplyInPipeline, every kind masked): tool results and log records.
  const dlpGuard = new PolicyDlpChannelGuard({
    policies: new SettingsDlpPolicyProvider({ DefaultAction: 'Mask', ChannelPolicies: {} }),
    interceptors: createDlpInterceptors({ detector: new RegexPiiDetector() }),
  });
  const dlpLogger = dlpScreenedLogger(createLogger({ level: 'silent' }), () => dlpGuard);
  const dlpClient = new LlmClient({
    model: { provider: 'openai', modelId: 'bench-model', model, supportsStreaming: true },
    logger: dlpLogger,
    pipeline: new ToolInvocationPipeline({
      registry: new ToolRegistry([ourTool]),
      vfs,
      logger: dlpLogger,
      interceptors: [dlpToolCallInterceptor(dlpGuard)],
    }),
    tools: [ourTool],
    caller: { kind: 'script', agent: 'bench' },
    settings: { MaxRetries: 0, TimeoutSeconds: 30 },
  });
  const sdkTools = {
    lookup: tool({
      description: 'Look a value up.',
      inputSchema: jsonSchema<{ key: string }>({
        type: 'object',
        properties: { key: { type: 'string' } },
        required: ['key'],
      }),
      execute: async ({ key }) => `${key} = 42`,
    }),
  };

  const sides = {
    orkeon: () => client.act('What is the answer?'),
    guarded: () => guardedClient.act('What is the answer?'),
    dlp: () => dlpClient.act('What is the answer?'),
    'AI SDK': () =>
      generateText({ model, prompt: 'What is the answer?', tools: sdkTools, stopWhen: stepCountIs(10), maxRetries: 0 }),
  };

  const measureSide = async (label: string, run: () => Promise<unknown>): Promise<AgentLoopMeasure> => {
    const durations: number[] = [];
    let heapGrowth = 0;
    for (let batch = 0; batch < batches; batch++) {
      server.reset();
      server.enqueue(...Array.from({ length: runsPerBatch * 2 }, () => answer));
      globalThis.gc?.();
      const heapBefore = process.memoryUsage().heapUsed;
      for (let index = 0; index < runsPerBatch; index++) {
        const started = performance.now();
        await run();
        durations.push(performance.now() - started);
      }
      heapGrowth += process.memoryUsage().heapUsed - heapBefore;
    }
    durations.sort((a, b) => a - b);
    const total = durations.reduce((sum, value) => sum + value, 0);
    return {
      label,
      medianMilliseconds: durations[Math.floor(durations.length / 2)] ?? 0,
      runsPerSecond: (durations.length / total) * 1000,
      heapBytesPerRun: heapGrowth / (batches * runsPerBatch),
    };
  };

  /** Two sides run alternately, one run each in turn, for `batches` × `runsPerBatch` × 2 runs; no heap figure. */
  const measurePair = async (
    ...pair: readonly [readonly [string, () => Promise<unknown>], readonly [string, () => Promise<unknown>]]
  ): Promise<AgentLoopMeasure[]> => {
    const durations: number[][] = [[], []];
    for (let batch = 0; batch < batches * 2; batch++) {
      server.reset();
      server.enqueue(...Array.from({ length: runsPerBatch * 4 }, () => answer));
      // Which side goes first changes each batch: neither always runs right after the other.
      const order = batch % 2 === 0 ? [0, 1] : [1, 0];
      for (let index = 0; index < runsPerBatch; index++)
        for (const side of order) {
          const started = performance.now();
          await pair[side]?.[1]();
          durations[side]?.push(performance.now() - started);
        }
    }
    return pair.map(([label], side) => measureOfDurations(label, durations[side] ?? []));
  };

  const results: AgentLoopMeasure[][] = [];
  // Warm up both, then tracing off.
  for (const run of Object.values(sides))
    for (let index = 0; index < 20; index++) {
      server.enqueue(answer, answer);
      await run();
    }
  results.push([
    await measureSide('orkeon, tracing off', sides.orkeon),
    await measureSide('AI SDK, tracing off', sides['AI SDK']),
  ]);
  // The Guardian on against off, run by run in turns, so that both see the same machine.
  results.push(
    await measurePair(['orkeon, Guardian on (anchor: off)', sides.guarded], ['orkeon, Guardian off', sides.orkeon]),
  );
  // DLP in the pipeline (tool output and log channels) on against off, the same way.
  results.push(
    await measurePair(['orkeon, DLP in the pipeline (anchor: off)', sides.dlp], ['orkeon, DLP off', sides.orkeon]),
  );

  // The monitoring backend on against off: its span processor and metric reader on providers of their own, as
  // addSvcMonitoring starts them when no exporter is configured (with the id generator startTelemetry gives
  // them); and against the same providers with a processor and a reader that do nothing, i.e. telemetry already
  // on for another consumer. Switching providers between runs would be timed with them, so the three setups
  // take whole batches in turns instead.
  const monitoring = new MonitoringBackend(monitoringDefaults);
  const providersWith = (processor: SpanProcessor, reader: MetricReader) => ({
    tracer: new NodeTracerProvider({ spanProcessors: [processor], idGenerator: new PooledRandomIdGenerator() }),
    meter: new MeterProvider({ readers: [reader] }),
  });
  const setups = [
    providersWith(monitoring.spanProcessor, monitoring.metricReader),
    undefined,
    providersWith(new NoopSpanProcessor(), new IdleMetricReader()),
  ];
  const use = (setup: (typeof setups)[number]) => {
    unregisterTelemetry();
    if (setup === undefined) return;
    setup.tracer.register();
    metrics.setGlobalMeterProvider(setup.meter);
  };
  const batchDurations: number[][] = [[], [], []];
  for (let batch = 0; batch < batches * 3; batch++) {
    // Each batch starts with another setup, so that none always runs right after another.
    for (const side of [0, 1, 2].map((index) => (index + batch) % 3)) {
      use(setups[side]);
      server.reset();
      server.enqueue(...Array.from({ length: runsPerBatch * 2 }, () => answer));
      for (let index = 0; index < runsPerBatch; index++) {
        const started = performance.now();
        await sides.orkeon();
        batchDurations[side]?.push(performance.now() - started);
      }
    }
  }
  use(undefined);
  await Promise.all(
    setups.flatMap((setup) => (setup === undefined ? [] : [setup.tracer.shutdown(), setup.meter.shutdown()])),
  );
  const batchMeasure = (label: string, side: number) => measureOfDurations(label, batchDurations[side] ?? []);
  results.push([
    batchMeasure('orkeon, monitoring on (anchor: off, no telemetry)', 0),
    batchMeasure('orkeon, monitoring off, no telemetry', 1),
  ]);
  results.push([
    batchMeasure('orkeon, monitoring on (anchor: telemetry on without it)', 0),
    batchMeasure('orkeon, telemetry on, monitoring off', 2),
  ]);

  // Tracing on: an SDK with an in-memory exporter; the AI SDK with its own OpenTelemetry integration.
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.register();
  registerTelemetry(new OpenTelemetry());
  const withReset = (run: () => Promise<unknown>) => async () => {
    await run();
    exporter.reset();
  };
  results.push([
    await measureSide('orkeon, tracing on', withReset(sides.orkeon)),
    await measureSide('AI SDK, tracing on', withReset(sides['AI SDK'])),
  ]);
  await provider.shutdown();
  trace.disable();
  await server.close();
  return results;
}
