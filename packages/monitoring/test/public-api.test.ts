import type { Configuration, ServiceCollection, ServiceToken } from '@orkeon/core';
import type { TelemetryContribution } from '@orkeon/telemetry';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcMonitoringOptions,
  addSvcMonitoring,
  type CounterSeries,
  type CurrentMetrics,
  type HistogramSeries,
  type MetricsAggregation,
  MetricsAggregationService,
  type MetricsSnapshot,
  type MinuteActivity,
  type MonitoringBackend,
  MonitoringBackendService,
  type MonitoringErrorCode,
  type MonitoringSettings,
  type SpanRecord,
  type TraceExplorer,
  TraceExplorerService,
  type TraceQuery,
  type TraceRecord,
  type TraceStatus,
} from '../src/index.js';

describe('the public API of @orkeon/monitoring', () => {
  it('addSvcMonitoring takes the services, the configuration and options, and returns the services', () => {
    expectTypeOf(addSvcMonitoring).parameters.toEqualTypeOf<
      [ServiceCollection, Configuration, (AddSvcMonitoringOptions | undefined)?]
    >();
    expectTypeOf(addSvcMonitoring).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf<AddSvcMonitoringOptions['clock']>().toEqualTypeOf<(() => Date) | undefined>();
  });

  it('the settings section has the documented keys', () => {
    expectTypeOf<MonitoringSettings>().toEqualTypeOf<{
      Enabled: boolean;
      MaxTraceHistory: number;
      MetricsRetentionMinutes: number;
      TraceSourcePrefix: string;
      PrometheusEndpoint: boolean;
    }>();
    expectTypeOf<MonitoringErrorCode>().toEqualTypeOf<'MONITORING_QUERY_INVALID'>();
  });

  it('the services resolve the aggregation, the explorer and the backend', () => {
    expectTypeOf(MetricsAggregationService).toEqualTypeOf<ServiceToken<MetricsAggregation>>();
    expectTypeOf(TraceExplorerService).toEqualTypeOf<ServiceToken<TraceExplorer>>();
    expectTypeOf(MonitoringBackendService).toEqualTypeOf<ServiceToken<MonitoringBackend>>();
    expectTypeOf<MonitoringBackend['contribution']>().toEqualTypeOf<TelemetryContribution>();
  });

  it('the aggregation answers totals and a snapshot with raw series and per-minute activity', () => {
    expectTypeOf<MetricsAggregation['getCurrentMetrics']>().returns.toEqualTypeOf<Promise<CurrentMetrics>>();
    expectTypeOf<MetricsAggregation['getMetricsSnapshot']>().returns.toEqualTypeOf<Promise<MetricsSnapshot>>();
    expectTypeOf<MetricsAggregation['getPrometheusText']>().returns.toEqualTypeOf<Promise<string>>();
    expectTypeOf<CurrentMetrics>().toEqualTypeOf<{
      readonly llmCalls: number;
      readonly toolExecutions: number;
      readonly taskExecutions: number;
      readonly crewExecutions: number;
      readonly activeCrews: number;
      readonly activeTasks: number;
      readonly totalCostUsd: number;
      readonly collectedAt: Date;
    }>();
    expectTypeOf<MetricsSnapshot['counters']>().toEqualTypeOf<readonly CounterSeries[]>();
    expectTypeOf<MetricsSnapshot['histograms']>().toEqualTypeOf<readonly HistogramSeries[]>();
    expectTypeOf<MetricsSnapshot['perMinute']>().toEqualTypeOf<readonly MinuteActivity[]>();
    expectTypeOf<HistogramSeries['average']>().toEqualTypeOf<number>();
  });

  it('the explorer answers recent traces, one by id, and searches', () => {
    expectTypeOf<TraceExplorer['getRecentTraces']>().toEqualTypeOf<(count?: number) => TraceRecord[]>();
    expectTypeOf<TraceExplorer['getTraceById']>().toEqualTypeOf<(traceId: string) => TraceRecord | undefined>();
    expectTypeOf<TraceExplorer['searchTraces']>().toEqualTypeOf<(query?: TraceQuery) => TraceRecord[]>();
    expectTypeOf<TraceQuery>().toEqualTypeOf<{
      readonly operationName?: string;
      readonly from?: Date;
      readonly to?: Date;
      readonly status?: TraceStatus;
      readonly limit?: number;
    }>();
    expectTypeOf<TraceStatus>().toEqualTypeOf<'ok' | 'error'>();
    expectTypeOf<TraceRecord['spans']>().toEqualTypeOf<readonly SpanRecord[]>();
  });
});
