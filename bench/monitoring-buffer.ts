// The memory the monitoring backend's ring buffer holds when full, filled by real `act`
// runs against the scripted model server; and the helpers the agent-loop benchmark's
// monitoring pair shares with it.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { context, metrics, propagation, trace } from '@opentelemetry/api';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { z } from 'zod';
import {
  createLogger,
  defineTool,
  LlmClient,
  ToolInvocationPipeline,
  ToolRegistry,
  VirtualFileSystem,
} from '../packages/core/src/index.js';
import { MonitoringBackend } from '../packages/monitoring/src/index.js';
import { startScriptedModelServer } from '../packages/testing/src/index.js';

export const monitoringDefaults = { MaxTraceHistory: 1000, MetricsRetentionMinutes: 60, TraceSourcePrefix: 'orkeon' };

/** Takes the global tracer and meter providers, the context manager and the propagator away again. */
export function unregisterTelemetry(): void {
  trace.disable();
  context.disable();
  propagation.disable();
  metrics.disable();
}

export interface MonitoringBufferMemory {
  readonly traces: number;
  readonly spansPerTrace: number;
  /** Heap held by a full ring buffer: growth over the runs that fill it, less the growth of the same runs kept in a buffer of one trace. */
  readonly bytes: number;
}

/**
 * The heap the monitoring backend's ring buffer holds at `MaxTraceHistory` 1000, filled by
 * real `act` runs (one trace each: `invoke_agent`, two `chat`, one `execute_tool`).
 */
export async function measureMonitoringBufferMemory(): Promise<MonitoringBufferMemory> {
  const server = await startScriptedModelServer();
  const model = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true }).chatModel(
    'bench-model',
  );
  const lookup = defineTool({
    name: 'lookup',
    description: 'Look a value up.',
    access: 'Read',
    input: z.strictObject({ key: z.string() }),
    execute: async ({ key }) => `${key} = 42`,
  });
  const client = new LlmClient({
    model: { provider: 'openai', modelId: 'bench-model', model, supportsStreaming: true },
    logger: createLogger({ level: 'silent' }),
    pipeline: new ToolInvocationPipeline({
      registry: new ToolRegistry([lookup]),
      vfs: await VirtualFileSystem.create([]),
      logger: createLogger({ level: 'silent' }),
    }),
    tools: [lookup],
    caller: { kind: 'script', agent: 'bench' },
    settings: { MaxRetries: 0, TimeoutSeconds: 30 },
  });
  const runs = monitoringDefaults.MaxTraceHistory;
  const enqueue = () =>
    server.enqueue(
      { toolCalls: [{ name: 'lookup', arguments: { key: 'answer' } }], usage: { inputTokens: 30, outputTokens: 8 } },
      { text: 'The answer is 42.', usage: { inputTokens: 40, outputTokens: 6 } },
    );
  const fill = async (capacity: number) => {
    const backend = new MonitoringBackend({ ...monitoringDefaults, MaxTraceHistory: capacity });
    const tracer = new NodeTracerProvider({ spanProcessors: [backend.spanProcessor] });
    const meter = new MeterProvider({ readers: [backend.metricReader] });
    tracer.register();
    metrics.setGlobalMeterProvider(meter);
    for (let index = 0; index < 20; index++) {
      enqueue();
      await client.act('What is the answer?');
    }
    server.reset();
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    for (let index = 0; index < runs; index++) {
      enqueue();
      await client.act('What is the answer?');
    }
    server.reset();
    globalThis.gc?.();
    const growth = process.memoryUsage().heapUsed - before;
    const kept = backend.traceCount;
    const spansPerTrace = backend.traces.getRecentTraces(1)[0]?.spans.length ?? 0;
    await Promise.all([tracer.shutdown(), meter.shutdown()]);
    unregisterTelemetry();
    return { growth, kept, spansPerTrace };
  };
  const full = await fill(runs);
  const one = await fill(1);
  await server.close();
  return { traces: full.kept, spansPerTrace: full.spansPerTrace, bytes: full.growth - one.growth };
}
