import {
  type Configuration,
  type Logger,
  LoggerService,
  MetricsExpositionService,
  type ServiceCollection,
  serviceToken,
} from '@orkeon/core';
import { addSvcTelemetry, TelemetryContributionService } from '@orkeon/telemetry';
import { MetricsAggregationService } from './metrics-aggregation.js';
import { MonitoringBackend } from './monitoring-backend.js';
import { monitoringSettings } from './monitoring-settings.js';
import { prometheusContentType } from './prometheus-exposition.js';
import { TraceExplorerService } from './trace-explorer.js';

/** Where the registered `MonitoringBackend` is resolved. */
export const MonitoringBackendService = serviceToken<MonitoringBackend>('MonitoringBackend');

export interface AddSvcMonitoringOptions {
  /** The clock of the per-minute buckets; default the system clock. */
  readonly clock?: () => Date;
  /** Where the summary is logged when the runtime is disposed; default the runtime's logger. */
  readonly logger?: Logger;
}

/**
 * Enables the monitoring backend from `Svc:Monitoring` (read and checked now, so a bad
 * setting refuses the start; Beta). Registers, with `tryAdd` so that a host's own stay,
 * the backend (`MonitoringBackendService`), its aggregation (`MetricsAggregationService`)
 * and its trace explorer (`TraceExplorerService`), and adds its span processor and metric
 * reader to the providers of `@orkeon/telemetry` (`TelemetryContributionService`),
 * registering `addSvcTelemetry` if nobody did: the providers then start even with no
 * exporter configured, and stop when the runtime is disposed. With `PrometheusEndpoint: true`
 * it also registers the metrics in the Prometheus text format (`MetricsExpositionService`),
 * which the A2A server serves at `GET /metrics`. `Enabled: false` registers nothing.
 */
export function addSvcMonitoring(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcMonitoringOptions = {},
): ServiceCollection {
  const settings = configuration.get(monitoringSettings);
  if (!settings.Enabled) return services;
  if (services.has(MonitoringBackendService)) return services;
  services.addSingleton(
    MonitoringBackendService,
    (resolver) =>
      new MonitoringBackend(settings, {
        logger: options.logger ?? resolver.get(LoggerService),
        ...(options.clock === undefined ? {} : { clock: options.clock }),
      }),
  );
  services.tryAddSingleton(MetricsAggregationService, (resolver) => resolver.get(MonitoringBackendService).metrics);
  services.tryAddSingleton(TraceExplorerService, (resolver) => resolver.get(MonitoringBackendService).traces);
  services.addSingleton(
    TelemetryContributionService,
    (resolver) => resolver.get(MonitoringBackendService).contribution,
  );
  if (settings.PrometheusEndpoint)
    services.tryAddSingleton(MetricsExpositionService, (resolver) => {
      const metrics = resolver.get(MonitoringBackendService).metrics;
      return { contentType: prometheusContentType, render: () => metrics.getPrometheusText() };
    });
  return addSvcTelemetry(services, configuration);
}
