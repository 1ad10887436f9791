import { metrics, ProxyTracerProvider, trace } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  ConsoleMetricExporter,
  MeterProvider,
  type MetricReader,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { type Configuration, setModelPrices, telemetrySettings } from '@orkeon/core';
import { PooledRandomIdGenerator } from './pooled-id-generator.js';

export interface TelemetryHandle {
  /** False when nothing is configured: no provider was registered and telemetry stays a no-op. */
  readonly enabled: boolean;
  /** Where telemetry goes, e.g. `otlp http://collector:4318`, `console`. */
  readonly destinations: readonly string[];
  /** Sends what is buffered and stops the exporters. Call it before the process exits. */
  shutdown(): Promise<void>;
}

export interface StartTelemetryOptions {
  /** Where `OTEL_EXPORTER_OTLP_ENDPOINT` is read. Default: `process.env`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  /** How often metrics are exported. Default: 60 s. */
  readonly metricIntervalMilliseconds?: number;
  /** More span processors (in-process consumers); with any, the providers start even with no exporter. */
  readonly spanProcessors?: readonly SpanProcessor[];
  /** More metric readers (in-process consumers); with any, the providers start even with no exporter. */
  readonly metricReaders?: readonly MetricReader[];
}

/**
 * Starts exporting the spans and metrics Orkeon emits: over OTLP/HTTP to
 * `Telemetry:OtlpEndpoint` (or the standard `OTEL_EXPORTER_OTLP_ENDPOINT`), and to
 * the console with `Telemetry:ExportToConsole`. With neither, nothing is registered
 * and the instrumentation stays a no-op. Also applies `Telemetry:Prices`.
 */
export function startTelemetry(configuration: Configuration, options: StartTelemetryOptions = {}): TelemetryHandle {
  const settings = configuration.get(telemetrySettings);
  setModelPrices(settings.Prices);
  const environment = options.environment ?? process.env;
  const endpoint = (settings.OtlpEndpoint ?? environment.OTEL_EXPORTER_OTLP_ENDPOINT)?.replace(/\/+$/, '');
  const spanProcessors: SpanProcessor[] = [];
  const readers: MetricReader[] = [];
  const destinations: string[] = [];
  const interval = options.metricIntervalMilliseconds ?? 60_000;
  if (endpoint !== undefined && endpoint !== '') {
    spanProcessors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint}/v1/traces` })));
    readers.push(
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${endpoint}/v1/metrics` }),
        exportIntervalMillis: interval,
      }),
    );
    destinations.push(`otlp ${endpoint}`);
  }
  if (settings.ExportToConsole) {
    spanProcessors.push(new SimpleSpanProcessor(new ConsoleSpanExporter()));
    readers.push(
      new PeriodicExportingMetricReader({ exporter: new ConsoleMetricExporter(), exportIntervalMillis: interval }),
    );
    destinations.push('console');
  }
  spanProcessors.push(...(options.spanProcessors ?? []));
  readers.push(...(options.metricReaders ?? []));
  if (spanProcessors.length === 0 && readers.length === 0)
    return { enabled: false, destinations, shutdown: async () => {} };

  const resource = resourceFromAttributes({ 'service.name': settings.ServiceName });
  const tracerProvider = new NodeTracerProvider({
    resource,
    spanProcessors,
    idGenerator: new PooledRandomIdGenerator(),
  });
  tracerProvider.register();
  const meterProvider = new MeterProvider({ resource, readers });
  metrics.setGlobalMeterProvider(meterProvider);
  return {
    enabled: true,
    destinations,
    async shutdown() {
      await Promise.allSettled([tracerProvider.shutdown(), meterProvider.shutdown()]);
      // Unregistered once shut down, so that a later runtime in the same process can register its own.
      const global = trace.getTracerProvider();
      if (global instanceof ProxyTracerProvider && global.getDelegate() === tracerProvider) trace.disable();
      if (metrics.getMeterProvider() === meterProvider) metrics.disable();
    },
  };
}
