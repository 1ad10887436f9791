export { type AddSvcMonitoringOptions, addSvcMonitoring, MonitoringBackendService } from './add-svc-monitoring.js';
export { type MonitoringErrorCode, monitoringErrorCodes } from './errors/error-codes.js';
export { InProcessMetricReader } from './in-process-metric-reader.js';
export {
  type CounterSeries,
  type CurrentMetrics,
  type HistogramSeries,
  MetricsAggregation,
  MetricsAggregationService,
  type MetricsSnapshot,
} from './metrics-aggregation.js';
export type { MinuteActivity } from './minute-activity.js';
export { MonitoringBackend, type MonitoringBackendOptions } from './monitoring-backend.js';
export { MonitoringQueryInvalidError } from './monitoring-errors.js';
export { type MonitoringSettings, monitoringSettings } from './monitoring-settings.js';
export { MonitoringSpanProcessor } from './monitoring-span-processor.js';
export { labelName, metricName, prometheusContentType, renderPrometheus } from './prometheus-exposition.js';
export { TraceExplorer, TraceExplorerService, type TraceQuery } from './trace-explorer.js';
export type { SpanRecord, TraceRecord, TraceStatus } from './trace-record.js';
