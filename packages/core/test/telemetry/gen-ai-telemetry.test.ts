import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { metrics, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  MeterProvider,
  PeriodicExportingMetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, type ReadableSpan, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  captureLogger,
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type ChatModel,
  fileTools,
  LlmClient,
  PermissionGate,
  setModelPrices,
  ToolInvocationPipeline,
  ToolRegistry,
  VirtualFileSystem,
  withCrewRunSpan,
} from '../../src/index.js';

const spans = new InMemorySpanExporter();
const tracerProvider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
const meterProvider = new MeterProvider({ readers: [reader] });

let server: ScriptedModelServer;
let folder: TemporaryDirectory;
let pipeline: ToolInvocationPipeline;

beforeAll(() => {
  tracerProvider.register();
  metrics.setGlobalMeterProvider(meterProvider);
});
afterAll(async () => {
  await tracerProvider.shutdown();
  await meterProvider.shutdown();
  metrics.disable();
});

beforeEach(async () => {
  spans.reset();
  server = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
  await mkdir(join(folder.path, 'docs'));
  await writeFile(join(folder.path, 'docs', 'a.md'), 'alpha');
  const vfs = await VirtualFileSystem.create([`${join(folder.path, 'docs')}:/docs:ro`]);
  pipeline = new ToolInvocationPipeline({ registry: new ToolRegistry(fileTools), vfs, logger: captureLogger().logger });
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

function chatModel(): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return {
    provider: 'OpenAI',
    modelId: 'scripted-model',
    model: provider.chatModel('scripted-model'),
    supportsStreaming: true,
  };
}

function client(maxRetries = 0): LlmClient {
  return new LlmClient({
    model: chatModel(),
    logger: captureLogger().logger,
    pipeline,
    tools: fileTools,
    caller: {
      kind: 'script',
      agent: 'writer',
      agentId: 'agent-1',
      task: 'task-7',
      crew: 'docs-crew',
      process: 'sequential',
    },
    settings: { MaxRetries: maxRetries, TimeoutSeconds: 30, Temperature: 0.2, MaxTokens: 300 },
  });
}

const named = (name: string) => spans.getFinishedSpans().filter((span) => span.name === name);
const only = (name: string): ReadableSpan => {
  const found = named(name);
  expect(found, `spans named '${name}'`).toHaveLength(1);
  return found[0] as ReadableSpan;
};
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe('telemetry emitted by every run', () => {
  it('invoke_agent, chat and execute_tool spans with every attribute of the interface', async () => {
    server.enqueue(
      {
        toolCalls: [{ id: 'call-1', name: 'file_read', arguments: { path: '/docs/a.md' } }],
        usage: { inputTokens: 11, outputTokens: 5 },
      },
      { text: 'done', usage: { inputTokens: 20, outputTokens: 2 }, model: 'scripted-model-2026' },
    );
    const result = await withCrewRunSpan({ name: 'docs-crew', process: 'sequential' }, () => client().act('read a.md'));
    expect(result.output).toBe('done');

    const crew = only('crew.run');
    expect(crew.attributes).toEqual({ 'orkeon.crew.name': 'docs-crew', 'orkeon.crew.process': 'sequential' });

    const agent = only('invoke_agent writer');
    expect(agent.attributes).toEqual({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'writer',
      'gen_ai.agent.id': 'agent-1',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'scripted-model',
      'orkeon.task.id': 'task-7',
      'orkeon.llm.method': 'act',
      'orkeon.crew.name': 'docs-crew',
      'orkeon.crew.process': 'sequential',
    });
    expect(parentOf(agent)).toBe(crew.spanContext().spanId);

    const chats = named('chat scripted-model');
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(chat.kind).toBe(SpanKind.CLIENT);
      expect(parentOf(chat)).toBe(agent.spanContext().spanId);
    }
    expect(chats[0]?.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'scripted-model',
      'gen_ai.request.temperature': 0.2,
      'gen_ai.request.max_tokens': 300,
      'gen_ai.response.model': 'scripted-model',
      'gen_ai.response.id': 'chatcmpl-scripted-0',
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 5,
    });
    expect(chats[1]?.attributes).toMatchObject({
      'gen_ai.response.model': 'scripted-model-2026',
      'gen_ai.response.id': 'chatcmpl-scripted-1',
      'gen_ai.response.finish_reasons': ['stop'],
      'gen_ai.usage.input_tokens': 20,
      'gen_ai.usage.output_tokens': 2,
    });

    const tool = only('execute_tool file_read');
    expect(tool.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'file_read',
      'gen_ai.tool.call.id': 'call-1',
      'gen_ai.agent.name': 'writer',
      'orkeon.tool.outcome': 'Success',
    });
    expect(parentOf(tool)).toBe(agent.spanContext().spanId);
  });

  it('complete is traced with orkeon.llm.method = complete', async () => {
    server.enqueue({ text: 'hi' });
    await client().complete('hello');
    expect(only('invoke_agent writer').attributes['orkeon.llm.method']).toBe('complete');
  });

  it('failures carry error.type on the chat and agent spans, and a failed tool on its span', async () => {
    server.enqueue({ error: { status: 500, message: 'backend down' } });
    await expect(client().complete('hello')).rejects.toThrow(/backend down/);
    const chat = only('chat scripted-model');
    expect(chat.attributes['error.type']).toBe('LLM_PROVIDER_FAILED');
    expect(chat.status.code).toBe(SpanStatusCode.ERROR);
    expect(only('invoke_agent writer').attributes['error.type']).toBe('LLM_PROVIDER_FAILED');

    spans.reset();
    server.enqueue({ toolCalls: [{ name: 'file_read', arguments: { path: '/etc/passwd' } }] }, { text: 'ok' });
    await client().act('read it');
    expect(only('execute_tool file_read').attributes).toMatchObject({
      'error.type': 'denied',
      'orkeon.tool.outcome': 'Denied',
    });
  });

  it("the permission gate's decision and mode go on the execute_tool span of the call it judged", async () => {
    const vfs = await VirtualFileSystem.create([`${join(folder.path, 'docs')}:/docs:rw`]);
    const asked: string[] = [];
    const gated = new ToolInvocationPipeline({
      registry: new ToolRegistry(fileTools),
      vfs,
      logger: captureLogger().logger,
      gate: new PermissionGate({ defaultMode: 'acceptEdits' }),
      prompt: async (request) => {
        asked.push(request.tool);
        return false;
      },
    });
    const caller = { kind: 'script' as const, agent: 'writer' };
    await gated.invoke({ tool: 'file_read', input: { path: '/docs/a.md' }, caller });
    await gated.invoke({
      tool: 'file_read',
      input: { path: '/docs/a.md' },
      caller,
      permissionMode: 'bypassPermissions',
    });
    await gated.invoke({
      tool: 'file_write',
      input: { path: '/docs/b.md', content: 'b' },
      caller,
      permissionMode: 'plan',
    });
    await gated.invoke({ tool: 'file_read', input: { path: '/docs/a.md' }, caller, permissionMode: 'default' });
    expect(asked).toEqual(['file_read']);
    const judged = spans
      .getFinishedSpans()
      .map((span) => [
        span.name,
        span.attributes['orkeon.permission.decision'],
        span.attributes['orkeon.permission.mode'],
      ]);
    expect(judged).toEqual([
      ['execute_tool file_read', 'allow', 'acceptEdits'],
      ['execute_tool file_read', 'allow', 'bypassPermissions'],
      ['execute_tool file_write', 'deny', 'plan'],
      ['execute_tool file_read', 'refused', 'default'],
    ]);
    // Without a gate nothing is said about permissions.
    spans.reset();
    await pipeline.invoke({ tool: 'file_read', input: { path: '/docs/a.md' }, caller });
    expect(only('execute_tool file_read').attributes).not.toHaveProperty('orkeon.permission.decision');
  });

  it('records the token usage and duration histograms and the orkeon counters', async () => {
    setModelPrices({ 'scripted-model': { InputPerMillionTokens: 1_000_000, OutputPerMillionTokens: 2_000_000 } });
    server.enqueue(
      {
        toolCalls: [{ name: 'file_read', arguments: { path: '/docs/a.md' } }],
        usage: { inputTokens: 3, outputTokens: 4 },
      },
      { text: 'done', usage: { inputTokens: 5, outputTokens: 6 } },
    );
    metricExporter.reset();
    await client().act('read');
    await reader.forceFlush();
    const collected = metricExporter.getMetrics().at(-1) as ResourceMetrics;
    const all = collected.scopeMetrics.flatMap((scope) => scope.metrics);
    const metric = (name: string) => {
      const found = all.find((candidate) => candidate.descriptor.name === name);
      expect(found, name).toBeDefined();
      return found as NonNullable<typeof found>;
    };
    const labels = {
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'scripted-model',
      'gen_ai.operation.name': 'chat',
    };

    const usage = metric('gen_ai.client.token.usage');
    const input = usage.dataPoints.find((point) => point.attributes['gen_ai.token.type'] === 'input');
    const output = usage.dataPoints.find((point) => point.attributes['gen_ai.token.type'] === 'output');
    expect(input?.attributes).toEqual({ ...labels, 'gen_ai.token.type': 'input' });
    expect(input?.value).toMatchObject({ sum: expect.any(Number), count: expect.any(Number) });
    expect((output?.value as { sum: number } | undefined)?.sum).toBeGreaterThanOrEqual(10);

    const duration = metric('gen_ai.client.operation.duration');
    expect(duration.descriptor.unit).toBe('s');
    expect(duration.dataPoints[0]?.attributes).toEqual(labels);

    expect(
      metric('orkeon.llm.calls').dataPoints.find(
        (point) => point.attributes['gen_ai.request.model'] === 'scripted-model',
      )?.value,
    ).toBeGreaterThanOrEqual(2);
    expect(
      metric('orkeon.tool.executions').dataPoints.find((point) => point.attributes['gen_ai.tool.name'] === 'file_read')
        ?.attributes,
    ).toEqual({ 'gen_ai.tool.name': 'file_read', 'orkeon.tool.outcome': 'Success' });
    const cost = metric('orkeon.llm.cost');
    expect(cost.descriptor.unit).toBe('USD');
    expect(cost.dataPoints[0]?.value).toBeGreaterThanOrEqual((3 + 5) * 1 + (4 + 6) * 2);
  });
});
