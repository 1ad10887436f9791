// One `act` run with one tool call against the scripted model server, in process:
// Orkeon's loop (LlmClient → invocation pipeline → tool) against the AI SDK's own
// tool loop called directly (generateText with the same model and a plain tool),
// with tracing off and on. Reports median ms per run, runs/s and heap growth per
// run, as ratios.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { OpenTelemetry } from '@ai-sdk/otel';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { generateText, jsonSchema, registerTelemetry, stepCountIs, tool } from 'ai';
import { z } from 'zod';
import {
  createLogger,
  defineTool,
  LlmClient,
  ToolInvocationPipeline,
  ToolRegistry,
  VirtualFileSystem,
} from '../packages/core/src/index.js';
import { type RecordedRequest, startScriptedModelServer } from '../packages/testing/src/index.js';

const runsPerBatch = 150;
const batches = 4;

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
