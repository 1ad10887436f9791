import type { MetricReader } from '@opentelemetry/sdk-metrics';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { serviceToken } from '@orkeon/core';

/**
 * Span processors and metric readers a subsystem adds to the tracer and meter providers
 * `addSvcTelemetry` starts (e.g. the in-process monitoring backend). With at least one
 * contribution the providers start even when no exporter is configured, so the
 * contributors see every span and metric without a second instrumentation. The
 * providers shut them down with the runtime.
 */
export interface TelemetryContribution {
  readonly spanProcessors?: readonly SpanProcessor[];
  readonly metricReaders?: readonly MetricReader[];
}

/** Every `TelemetryContribution` registered is read when `addSvcTelemetry`'s exporter starts. */
export const TelemetryContributionService = serviceToken<TelemetryContribution>('TelemetryContribution');
