import { type Configuration, type ServiceCollection, TelemetryExporterService } from '@orkeon/core';
import { type StartTelemetryOptions, startTelemetry } from './start-telemetry.js';

/**
 * Registers the exporter of the `Telemetry` settings; the runtime starts it when it
 * is created and flushes it when disposed. With no destination configured nothing
 * is exported. An exporter the host registered itself is kept.
 */
export function addSvcTelemetry(
  services: ServiceCollection,
  configuration: Configuration,
  options: StartTelemetryOptions = {},
): ServiceCollection {
  return services.tryAddSingleton(TelemetryExporterService, () => startTelemetry(configuration, options));
}
