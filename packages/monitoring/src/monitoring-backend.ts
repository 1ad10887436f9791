import type { Logger } from '@orkeon/core';
import type { TelemetryContribution } from '@orkeon/telemetry';
import { InProcessMetricReader } from './in-process-metric-reader.js';
import { MetricsAggregation } from './metrics-aggregation.js';
import { MinuteBuckets } from './minute-activity.js';
import type { MonitoringSettings } from './monitoring-settings.js';
import { MonitoringSpanProcessor } from './monitoring-span-processor.js';
import { SpanCounts } from './span-counts.js';
import { TraceExplorer } from './trace-explorer.js';
import { TraceRingBuffer } from './trace-ring-buffer.js';

export interface MonitoringBackendOptions {
  /** The time per-minute buckets are counted and pruned by, and `collectedAt`; default the system clock. */
  readonly clock?: () => Date;
  /** Where the summary is logged (info) when the backend is disposed; none, nothing is logged. */
  readonly logger?: Logger;
}

/**
 * The monitoring backend's parts, wired together: a span processor and a metric reader
 * to add to the tracer and meter providers (`addSvcMonitoring` adds them to the ones
 * `@orkeon/telemetry` starts; a host with its own OpenTelemetry SDK adds them there), the
 * aggregation and the trace explorer that read what they receive. Beta.
 */
export class MonitoringBackend implements AsyncDisposable {
  readonly metrics: MetricsAggregation;
  readonly traces: TraceExplorer;
  readonly spanProcessor: MonitoringSpanProcessor;
  readonly metricReader: InProcessMetricReader;
  readonly #buffer: TraceRingBuffer;
  readonly #logger: Logger | undefined;

  constructor(
    settings: Pick<MonitoringSettings, 'MaxTraceHistory' | 'MetricsRetentionMinutes' | 'TraceSourcePrefix'>,
    options: MonitoringBackendOptions = {},
  ) {
    const clock = options.clock ?? (() => new Date());
    const scopePrefix = settings.TraceSourcePrefix;
    const minutes = new MinuteBuckets(settings.MetricsRetentionMinutes, clock);
    this.#buffer = new TraceRingBuffer(settings.MaxTraceHistory);
    this.#logger = options.logger;
    const spans = new SpanCounts();
    this.metricReader = new InProcessMetricReader();
    this.metrics = new MetricsAggregation({ reader: this.metricReader, minutes, spans, scopePrefix, clock });
    this.traces = new TraceExplorer(this.#buffer);
    this.spanProcessor = new MonitoringSpanProcessor({ scopePrefix, spans, minutes, buffer: this.#buffer });
  }

  /** The processor and reader, as `@orkeon/telemetry` takes them (`TelemetryContributionService`). */
  get contribution(): TelemetryContribution {
    return { spanProcessors: [this.spanProcessor], metricReaders: [this.metricReader] };
  }

  /** How many traces the ring buffer holds now. */
  get traceCount(): number {
    return this.#buffer.size;
  }

  /** Logs the totals once (info, `monitoring.summary`); the figures stay readable afterwards. */
  async [Symbol.asyncDispose](): Promise<void> {
    if (this.#logger === undefined) return;
    const current = await this.metrics.getCurrentMetrics();
    const { collectedAt: _collectedAt, ...totals } = current;
    this.#logger.info(
      { event: 'monitoring.summary', ...totals, tracesKept: this.traceCount },
      `monitoring: ${totals.crewExecutions} crew run(s), ${totals.taskExecutions} task execution(s), ${totals.llmCalls} model call(s), ${totals.toolExecutions} tool call(s), estimated $${totals.totalCostUsd.toFixed(6)}; ${this.traceCount} trace(s) kept`,
    );
  }
}
