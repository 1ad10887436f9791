import { metrics, trace } from '@opentelemetry/api';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import {
  Configuration,
  coreSettingsSections,
  createEchoModel,
  createRuntime,
  defineAgent,
  ServiceCollection,
} from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import { addSvcTelemetry, startTelemetry, TelemetryContributionService } from '../src/index.js';

// Span processors and metric readers registered as TelemetryContributionService join the
// providers addSvcTelemetry starts, which then start even with no exporter configured.

afterEach(() => {
  trace.disable();
  metrics.disable();
});

const noExporter = () => Configuration.fromObject({}, coreSettingsSections);

describe('TelemetryContributionService', () => {
  it('starts the providers for a contribution alone and unregisters them on shutdown', async () => {
    const spans = new InMemorySpanExporter();
    const handle = startTelemetry(noExporter(), {
      environment: {},
      spanProcessors: [new SimpleSpanProcessor(spans)],
    });
    expect(handle).toMatchObject({ enabled: true, destinations: [] });
    trace.getTracer('orkeon').startSpan('probe').end();
    expect(spans.getFinishedSpans().map((span) => span.name)).toEqual(['probe']);
    await handle.shutdown();
    const after = trace.getTracer('orkeon').startSpan('after');
    expect(after.isRecording()).toBe(false);
    after.end();
  });

  it('reaches the providers of addSvcTelemetry through the container, and a runtime shuts them down', async () => {
    const spans = new InMemorySpanExporter();
    const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 60_000 });
    const services = new ServiceCollection();
    services.addInstance(TelemetryContributionService, {
      spanProcessors: [new SimpleSpanProcessor(spans)],
      metricReaders: [reader],
    });
    addSvcTelemetry(services, noExporter(), { environment: {} });
    const runtime = await createRuntime({ services, model: createEchoModel() });
    await runtime.run(defineAgent({ id: 'echo', role: 'Echo', goal: 'Repeats' }), 'Hello');
    expect(spans.getFinishedSpans().map((span) => span.name)).toContain('invoke_agent Echo');
    await runtime.dispose();
    // The meter provider's shutdown flushed the reader one last time.
    const exported = metricExporter
      .getMetrics()
      .flatMap((batch) => batch.scopeMetrics.flatMap((scope) => scope.metrics));
    expect(exported.map((metric) => metric.descriptor.name)).toContain('orkeon.llm.calls');
    expect(trace.getTracer('orkeon').startSpan('after').isRecording()).toBe(false);
  });
});
