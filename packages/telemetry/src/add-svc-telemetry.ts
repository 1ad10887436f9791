import { type Configuration, type ServiceCollection, TelemetryExporterService } from '@orkeon/core';
import { type StartTelemetryOptions, startTelemetry } from './start-telemetry.js';
import { TelemetryContributionService } from './telemetry-contribution.js';

/**
 * Registers the exporter of the `Telemetry` settings; the runtime starts it when it
 * is created and flushes it when disposed. With no destination configured nothing
 * is exported. An exporter the host registered itself is kept. The span processors and
 * metric readers registered as `TelemetryContributionService` join the same providers.
 */
export function addSvcTelemetry(
  services: ServiceCollection,
  configuration: Configuration,
  options: StartTelemetryOptions = {},
): ServiceCollection {
  return services.tryAddSingleton(TelemetryExporterService, (resolver) => {
    const contributions = resolver.getAll(TelemetryContributionService);
    return startTelemetry(configuration, {
      ...options,
      spanProcessors: [...(options.spanProcessors ?? []), ...contributions.flatMap((it) => it.spanProcessors ?? [])],
      metricReaders: [...(options.metricReaders ?? []), ...contributions.flatMap((it) => it.metricReaders ?? [])],
    });
  });
}
