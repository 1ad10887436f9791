// One file over 300 lines: every way addSvcMonitoring changes a runtime shares one scripted model server
// and the crew that drives it; the settings and query checks close the file.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { trace } from '@opentelemetry/api';
import {
  type ChatModel,
  Configuration,
  coreSettingsSections,
  createRuntime,
  defineAgent,
  defineCrew,
  defineTool,
  type Runtime,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { addSvcTelemetry } from '@orkeon/telemetry';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addSvcMonitoring,
  type CurrentMetrics,
  MetricsAggregationService,
  MonitoringQueryInvalidError,
  monitoringSettings,
  TraceExplorerService,
} from '../src/index.js';

// addSvcMonitoring through createRuntime: the spans and metrics real runs emit reach the
// aggregation and the ring buffer, with and without an exporter configured.

let server: ScriptedModelServer;
const runtimes: Runtime[] = [];
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.dispose();
  await server.close();
});

function model(): ChatModel {
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl, includeUsage: true });
  return { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true };
}

const prices = { scripted: { InputPerMillionTokens: 1_000_000, OutputPerMillionTokens: 2_000_000 } };

let observedWhileRunning: CurrentMetrics | undefined;

async function monitored(
  settings: SettingsTree = {},
  options: { clock?: () => Date; services?: ServiceCollection; logger?: ReturnType<typeof captureLogger> } = {},
): Promise<Runtime> {
  const configuration = Configuration.fromObject({ Telemetry: { Prices: prices }, Svc: { Monitoring: settings } }, [
    ...coreSettingsSections,
    monitoringSettings,
  ]);
  const services = options.services ?? new ServiceCollection();
  addSvcMonitoring(services, configuration, {
    ...(options.clock === undefined ? {} : { clock: options.clock }),
    ...(options.logger === undefined ? {} : { logger: options.logger.logger }),
  });
  const lookup = defineTool({
    name: 'lookup',
    description: 'Looks a value up',
    input: z.object({ key: z.string() }),
    access: 'Read',
    execute: async ({ key }) => {
      observedWhileRunning = await runtime.services.get(MetricsAggregationService).getCurrentMetrics();
      return `${key} = 42`;
    },
  });
  const runtime = await createRuntime({ configuration, services, model: model(), tools: [lookup] });
  runtimes.push(runtime);
  return runtime;
}

const crew = defineCrew({
  name: 'answers',
  agents: [{ id: 'clerk', role: 'Clerk', goal: 'Answers questions', tools: ['lookup'] }],
  tasks: [{ id: 'answer', description: 'What is the answer?', expectedOutput: 'A number', agent: 'clerk' }],
});
const clerk = defineAgent({ id: 'clerk', role: 'Clerk', goal: 'Answers questions' });

const toolThenAnswer = () =>
  server.enqueue(
    { toolCalls: [{ name: 'lookup', arguments: { key: 'answer' } }], usage: { inputTokens: 30, outputTokens: 8 } },
    { text: 'The answer is 42.', usage: { inputTokens: 40, outputTokens: 6 } },
  );

describe('addSvcMonitoring through createRuntime', () => {
  it('aggregates a crew run: model and tool calls, task and crew executions, cost, histograms, per-minute activity', async () => {
    const runtime = await monitored();
    toolThenAnswer();
    await runtime.run(crew, undefined);

    const aggregation = runtime.services.get(MetricsAggregationService);
    const current = await aggregation.getCurrentMetrics();
    expect(current).toMatchObject({
      llmCalls: 2,
      toolExecutions: 1,
      taskExecutions: 1,
      crewExecutions: 1,
      activeCrews: 0,
      activeTasks: 0,
    });
    // 70 input tokens at $1 each and 14 output tokens at $2 each (the price table of the settings).
    expect(current.totalCostUsd).toBeCloseTo(70 + 28, 6);
    // Read from inside the tool: the crew and its task were running then.
    expect(observedWhileRunning).toMatchObject({ activeCrews: 1, activeTasks: 1, crewExecutions: 0, llmCalls: 1 });

    const snapshot = await aggregation.getMetricsSnapshot();
    expect(snapshot.counters.filter((counter) => counter.name === 'orkeon.tool.executions')).toEqual([
      {
        name: 'orkeon.tool.executions',
        attributes: { 'gen_ai.tool.name': 'lookup', 'orkeon.tool.outcome': 'Success' },
        value: 1,
      },
    ]);
    const inputTokens = snapshot.histograms.find(
      (histogram) =>
        histogram.name === 'gen_ai.client.token.usage' && histogram.attributes['gen_ai.token.type'] === 'input',
    );
    expect(inputTokens).toMatchObject({ count: 2, sum: 70, average: 35, min: 30, max: 40 });
    expect(snapshot.histograms.some((histogram) => histogram.name === 'gen_ai.client.operation.duration')).toBe(true);
    expect(snapshot.perMinute).toHaveLength(1);
    expect(snapshot.perMinute[0]).toMatchObject({
      crewExecutions: 1,
      taskExecutions: 1,
      llmCalls: 2,
      toolExecutions: 1,
      failedSpans: 0,
    });
  });

  it('keeps the run as one trace: crew.run at the root, the agent, model and tool spans under it', async () => {
    const runtime = await monitored();
    toolThenAnswer();
    await runtime.run(crew, undefined);
    const explorer = runtime.services.get(TraceExplorerService);
    const [latest, ...others] = explorer.getRecentTraces();
    expect(others).toEqual([]);
    expect(latest).toMatchObject({ rootName: 'crew.run', complete: true, status: 'ok' });
    const names = latest?.spans.map((span) => span.name) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(['crew.run', 'invoke_agent Clerk', 'chat scripted', 'execute_tool lookup']),
    );
    const root = latest?.spans.find((span) => span.name === 'crew.run');
    const agent = latest?.spans.find((span) => span.name.startsWith('invoke_agent'));
    expect(agent?.parentSpanId).toBe(root?.spanId);
    expect(root?.attributes).toMatchObject({ 'orkeon.crew.name': 'answers' });
    expect(explorer.getTraceById(latest?.traceId ?? '')).toEqual(latest);
    expect(explorer.getTraceById('0'.repeat(32))).toBeUndefined();
    expect(explorer.searchTraces({ operationName: 'execute_tool' })).toHaveLength(1);
    expect(explorer.searchTraces({ operationName: 'execute' })).toHaveLength(0);
    expect(explorer.searchTraces({ status: 'error' })).toHaveLength(0);
    const started = latest?.startTime ?? new Date();
    expect(explorer.searchTraces({ from: new Date(started.getTime() - 1), to: started })).toHaveLength(1);
    expect(explorer.searchTraces({ from: new Date(started.getTime() + 1) })).toHaveLength(0);
  });

  it('marks a failed model call: the trace is an error and counts in failed spans', async () => {
    const runtime = await monitored();
    server.enqueue({ error: { status: 400, message: 'bad request' } });
    await expect(runtime.run(clerk, 'Hello')).rejects.toThrow();
    const explorer = runtime.services.get(TraceExplorerService);
    const [failed] = explorer.searchTraces({ status: 'error' });
    expect(failed).toMatchObject({ rootName: 'invoke_agent Clerk', status: 'error' });
    expect(failed?.spans.find((span) => span.name === 'chat scripted')?.status).toBe('error');
    const snapshot = await runtime.services.get(MetricsAggregationService).getMetricsSnapshot();
    expect(snapshot.perMinute[0]?.failedSpans).toBeGreaterThanOrEqual(2);
    // A script's agent call carries no task: no task execution.
    expect(snapshot.taskExecutions).toBe(0);
  });

  it('keeps at most MaxTraceHistory traces, dropping the least recently updated', async () => {
    const runtime = await monitored({ MaxTraceHistory: 2 });
    const explorer = runtime.services.get(TraceExplorerService);
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three']) {
      server.enqueue({ text });
      await runtime.run(clerk, 'Hello');
      ids.push(explorer.getRecentTraces(1)[0]?.traceId ?? '');
    }
    expect(new Set(ids).size).toBe(3);
    expect(explorer.getRecentTraces(10).map((found) => found.traceId)).toEqual([ids[2], ids[1]]);
    expect(explorer.getTraceById(ids[0] ?? '')).toBeUndefined();
  });

  it('keeps per-minute buckets for MetricsRetentionMinutes minutes of its clock; totals stay', async () => {
    let now = new Date('2030-01-01T10:00:30Z');
    const runtime = await monitored({ MetricsRetentionMinutes: 2 }, { clock: () => now });
    const aggregation = runtime.services.get(MetricsAggregationService);
    server.enqueue({ text: 'one' });
    await runtime.run(clerk, 'Hello');
    now = new Date('2030-01-01T10:01:10Z');
    server.enqueue({ text: 'two' });
    await runtime.run(clerk, 'Hello');
    const minutes = async () =>
      (await aggregation.getMetricsSnapshot()).perMinute.map((bucket) => [
        bucket.minute.toISOString(),
        bucket.llmCalls,
      ]);
    expect(await minutes()).toEqual([
      ['2030-01-01T10:00:00.000Z', 1],
      ['2030-01-01T10:01:00.000Z', 1],
    ]);
    // Two minutes later the first bucket is out of the window: 10:01 and 10:02 are kept.
    now = new Date('2030-01-01T10:02:00Z');
    expect(await minutes()).toEqual([['2030-01-01T10:01:00.000Z', 1]]);
    now = new Date('2030-01-01T10:03:00Z');
    expect(await minutes()).toEqual([]);
    const current = await aggregation.getCurrentMetrics();
    expect(current.llmCalls).toBe(2);
    expect(current.collectedAt).toEqual(now);
  });

  it('counts only the scopes TraceSourcePrefix names', async () => {
    const runtime = await monitored({ TraceSourcePrefix: 'acme' });
    server.enqueue({ text: 'one' });
    await runtime.run(clerk, 'Hello');
    expect(runtime.services.get(TraceExplorerService).getRecentTraces()).toEqual([]);
    expect((await runtime.services.get(MetricsAggregationService).getCurrentMetrics()).llmCalls).toBe(0);
  });

  it('joins the providers of @orkeon/telemetry: one OTLP exporter and the monitor see the same spans', async () => {
    const received: string[] = [];
    const receiver: Server = createServer((request, response) => {
      received.push(request.url ?? '');
      request.resume().on('end', () => response.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      const configuration = Configuration.fromObject(
        { Telemetry: { OtlpEndpoint: endpoint }, Svc: { Monitoring: {} } },
        [...coreSettingsSections, monitoringSettings],
      );
      const services = new ServiceCollection();
      // The host's telemetry first, the monitor after it: the monitor joins, it does not start a second pair.
      addSvcTelemetry(services, configuration, { environment: {} });
      addSvcMonitoring(services, configuration);
      const runtime = await createRuntime({ configuration, services, model: model() });
      server.enqueue({ text: 'one' });
      await runtime.run(clerk, 'Hello');
      expect(runtime.services.get(TraceExplorerService).getRecentTraces()).toHaveLength(1);
      await runtime.dispose();
      expect(received).toContain('/v1/traces');
      expect(received).toContain('/v1/metrics');
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('on dispose: logs a summary, keeps the figures readable and unregisters the providers it started', async () => {
    const logs = captureLogger();
    const runtime = await monitored({}, { logger: logs });
    toolThenAnswer();
    await runtime.run(crew, undefined);
    const aggregation = runtime.services.get(MetricsAggregationService);
    await runtime.dispose();
    expect(await aggregation.getCurrentMetrics()).toMatchObject({ llmCalls: 2, crewExecutions: 1 });
    const summary = logs.records().find((record) => record.event === 'monitoring.summary');
    expect(summary).toMatchObject({
      llmCalls: 2,
      toolExecutions: 1,
      crewExecutions: 1,
      taskExecutions: 1,
      tracesKept: 1,
    });
    const probe = trace.getTracer('orkeon').startSpan('probe');
    expect(probe.isRecording()).toBe(false);
    probe.end();
  });

  it('without addSvcMonitoring nothing is registered and no provider records', async () => {
    const runtime = await createRuntime({ model: model() });
    runtimes.push(runtime);
    expect(runtime.services.tryGet(MetricsAggregationService)).toBeUndefined();
    expect(runtime.services.tryGet(TraceExplorerService)).toBeUndefined();
    const probe = trace.getTracer('orkeon').startSpan('probe');
    expect(probe.isRecording()).toBe(false);
    probe.end();
  });

  it('Enabled: false registers nothing', async () => {
    const runtime = await monitored({ Enabled: false });
    expect(runtime.services.tryGet(MetricsAggregationService)).toBeUndefined();
  });
});

describe('Svc:Monitoring settings and queries', () => {
  const configured = (settings: SettingsTree) =>
    Configuration.fromObject({ Svc: { Monitoring: settings } }, [...coreSettingsSections, monitoringSettings]);

  it('has the documented defaults', () => {
    expect(configured({}).get(monitoringSettings)).toEqual({
      Enabled: true,
      MaxTraceHistory: 1000,
      MetricsRetentionMinutes: 60,
      TraceSourcePrefix: 'orkeon',
      PrometheusEndpoint: false,
    });
  });

  it('refuses an unknown key or a history of no traces, naming the key', () => {
    expect(() => addSvcMonitoring(new ServiceCollection(), configured({ MaxTraces: 10 }))).toThrow(/MaxTraces/);
    expect(() => addSvcMonitoring(new ServiceCollection(), configured({ MaxTraceHistory: 0 }))).toThrow(
      /MaxTraceHistory/,
    );
  });

  it('refuses a query with a bad limit or a reversed range, with MONITORING_QUERY_INVALID', async () => {
    const runtime = await monitored();
    const explorer = runtime.services.get(TraceExplorerService);
    expect(() => explorer.getRecentTraces(0)).toThrow(MonitoringQueryInvalidError);
    expect(() => explorer.searchTraces({ limit: 1.5 })).toThrow(/'limit' is 1.5; give a positive whole number/);
    const reversed = () => explorer.searchTraces({ from: new Date(2000), to: new Date(1000) });
    expect(reversed).toThrow(/'from' .* is after its 'to'/);
    try {
      reversed();
    } catch (error) {
      expect((error as MonitoringQueryInvalidError).code).toBe('MONITORING_QUERY_INVALID');
    }
  });
});
