import type { Attributes } from '@opentelemetry/api';
import { DataPointType, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { MetricNames, serviceToken } from '@orkeon/core';
import type { InProcessMetricReader } from './in-process-metric-reader.js';
import type { MinuteActivity, MinuteBuckets } from './minute-activity.js';
import { renderPrometheus } from './prometheus-exposition.js';
import type { SpanCounts } from './span-counts.js';

/** The totals since the monitoring backend started, and what is running now. */
export interface CurrentMetrics {
  /** Model calls (`orkeon.llm.calls`). */
  readonly llmCalls: number;
  /** Tool calls, whatever their outcome (`orkeon.tool.executions`). */
  readonly toolExecutions: number;
  /** Ended `invoke_agent` spans that carry a task id: an agent's work on one task. */
  readonly taskExecutions: number;
  /** Ended `crew.run` spans. */
  readonly crewExecutions: number;
  /** `crew.run` spans started and not yet ended. */
  readonly activeCrews: number;
  /** Task `invoke_agent` spans started and not yet ended. */
  readonly activeTasks: number;
  /** The estimated cost of the model calls, from the price table (`orkeon.llm.cost`). */
  readonly totalCostUsd: number;
  /** When these figures were read (the backend's clock). */
  readonly collectedAt: Date;
}

/** One counter series: a counter and one set of attribute values. */
export interface CounterSeries {
  readonly name: string;
  readonly attributes: Attributes;
  readonly value: number;
}

/** One histogram series, reduced to its count, sum, average, min and max. */
export interface HistogramSeries {
  readonly name: string;
  readonly unit: string;
  readonly attributes: Attributes;
  readonly count: number;
  readonly sum: number;
  /** `sum / count`; 0 when nothing was recorded. */
  readonly average: number;
  readonly min?: number;
  readonly max?: number;
}

/** The current metrics with the raw series behind them and the per-minute activity kept. */
export interface MetricsSnapshot extends CurrentMetrics {
  /** Every counter series of the monitored scopes, cumulative since the start. */
  readonly counters: readonly CounterSeries[];
  /** Every histogram series (`gen_ai.client.token.usage`, `gen_ai.client.operation.duration`, …). */
  readonly histograms: readonly HistogramSeries[];
  /** One entry per minute with activity, for the last `Svc:Monitoring:MetricsRetentionMinutes` minutes, oldest first. */
  readonly perMinute: readonly MinuteActivity[];
}

/**
 * Totals from the framework's own instruments (read through the in-process metric reader)
 * and from its spans (crews and tasks, counted as they start and end). Only the
 * instrumentation scopes whose name starts with `Svc:Monitoring:TraceSourcePrefix` count.
 */
export class MetricsAggregation {
  readonly #reader: InProcessMetricReader;
  readonly #minutes: MinuteBuckets;
  readonly #scopePrefix: string;
  readonly #clock: () => Date;
  readonly #spans: SpanCounts;

  constructor(options: {
    reader: InProcessMetricReader;
    minutes: MinuteBuckets;
    spans: SpanCounts;
    scopePrefix: string;
    clock: () => Date;
  }) {
    this.#reader = options.reader;
    this.#minutes = options.minutes;
    this.#spans = options.spans;
    this.#scopePrefix = options.scopePrefix;
    this.#clock = options.clock;
  }

  async getCurrentMetrics(): Promise<CurrentMetrics> {
    return this.#current(this.#series(await this.#reader.read()));
  }

  async getMetricsSnapshot(): Promise<MetricsSnapshot> {
    const series = this.#series(await this.#reader.read());
    return { ...this.#current(series), ...series, perMinute: this.#minutes.read() };
  }

  /** The metrics of the monitored scopes in the Prometheus text exposition format (cumulative since the start). */
  async getPrometheusText(): Promise<string> {
    return renderPrometheus(await this.#reader.read(), this.#scopePrefix);
  }

  #current(series: { counters: readonly CounterSeries[] }): CurrentMetrics {
    const total = (name: string) =>
      series.counters.filter((counter) => counter.name === name).reduce((sum, counter) => sum + counter.value, 0);
    return {
      llmCalls: total(MetricNames.llmCalls),
      toolExecutions: total(MetricNames.toolExecutions),
      taskExecutions: this.#spans.taskExecutions,
      crewExecutions: this.#spans.crewExecutions,
      activeCrews: this.#spans.activeCrews,
      activeTasks: this.#spans.activeTasks,
      totalCostUsd: total(MetricNames.estimatedCost),
      collectedAt: this.#clock(),
    };
  }

  #series(metrics: ResourceMetrics | undefined): { counters: CounterSeries[]; histograms: HistogramSeries[] } {
    const counters: CounterSeries[] = [];
    const histograms: HistogramSeries[] = [];
    for (const scope of metrics?.scopeMetrics ?? []) {
      if (!scope.scope.name.startsWith(this.#scopePrefix)) continue;
      for (const metric of scope.metrics) {
        const { name, unit } = metric.descriptor;
        if (metric.dataPointType === DataPointType.SUM)
          for (const point of metric.dataPoints)
            counters.push({ name, attributes: { ...point.attributes }, value: point.value });
        else if (metric.dataPointType === DataPointType.HISTOGRAM)
          for (const point of metric.dataPoints) {
            const { count, sum = 0, min, max } = point.value;
            histograms.push({
              name,
              unit,
              attributes: { ...point.attributes },
              count,
              sum,
              average: count === 0 ? 0 : sum / count,
              ...(min === undefined ? {} : { min }),
              ...(max === undefined ? {} : { max }),
            });
          }
      }
    }
    return { counters, histograms };
  }
}

/** Where the registered `MetricsAggregation` is resolved (`addSvcMonitoring`). */
export const MetricsAggregationService = serviceToken<MetricsAggregation>('MetricsAggregation');
