import { resolve } from 'node:path';
import {
  AuditRecorderService,
  AuditTrailService,
  Configuration,
  coreSettingsSections,
  createLogger,
  type Logger,
  LoggerService,
  RunEventListenerService,
  type ServiceCollection,
  serviceToken,
} from '@orkeon/core';
import { NistComplianceReporter, NistComplianceReporterService } from './nist-compliance-reporter.js';
import { nistComplianceSettings } from './nist-compliance-settings.js';
import type { PackageSettings } from './package-settings.js';
import { ReportAfterRun } from './report-after-run.js';

/** The diagnostic id of the experimental NIST SP 800-53 reports (the seed marks them Experimental). */
export const nistComplianceExperimentalDiagnosticId = 'SVCEXP007';

/** @experimental SVCEXP007 */
export interface AddSvcNistComplianceOptions {
  /** Silences the one `SVCEXP007` warning logged when the reporter is added. */
  readonly acknowledgeExperimental?: boolean;
  /** Where that warning goes; default a new logger. */
  readonly logger?: Logger;
  /** Settings of the packages this one does not depend on (A2A, MCP, DLP, shell), read by the host. */
  readonly packageSettings?: PackageSettings;
  /** The folder a relative `Svc:Compliance:ReportPath` is taken from; default the working directory. */
  readonly baseDirectory?: string;
  /** Where `OTEL_EXPORTER_OTLP_ENDPOINT` is read; default `process.env`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  readonly clock?: () => Date;
  readonly idGenerator?: () => string;
}

/** The report written after each run, when `Svc:Compliance:ReportPath` is set (`settled()` waits for it). @experimental SVCEXP007 */
export const ReportAfterRunService = serviceToken<ReportAfterRun>('NistComplianceReportAfterRun');

/**
 * Registers the NIST SP 800-53 reporter (`NistComplianceReporterService`) with `tryAdd`: it
 * judges the 25 controls from what the runtime's container holds, from `configuration` (the
 * settings the runtime works with; without it, every default) and from the audit trail
 * (`AuditTrailService`). With `Svc:Compliance:ReportPath`, the report is also written there
 * after every run. `Svc:Compliance:Enabled: false` registers nothing.
 *
 * @experimental SVCEXP007
 */
export function addSvcNistCompliance(
  services: ServiceCollection,
  configuration: Configuration = Configuration.fromObject({}, [...coreSettingsSections, nistComplianceSettings]),
  options: AddSvcNistComplianceOptions = {},
): ServiceCollection {
  const settings = configuration.get(nistComplianceSettings);
  if (!settings.Enabled) return services;
  if (options.acknowledgeExperimental !== true) {
    (options.logger ?? createLogger()).warn(
      { diagnosticId: nistComplianceExperimentalDiagnosticId },
      `${nistComplianceExperimentalDiagnosticId}: NIST SP 800-53 compliance reports are experimental and may change without notice. Pass { acknowledgeExperimental: true } to addSvcNistCompliance to silence this warning.`,
    );
  }
  services.tryAddSingleton(
    NistComplianceReporterService,
    (resolver) =>
      new NistComplianceReporter({
        configuration,
        services: resolver,
        ...(options.packageSettings === undefined ? {} : { packageSettings: options.packageSettings }),
        ...(options.environment === undefined ? {} : { environment: options.environment }),
        ...(options.clock === undefined ? {} : { clock: options.clock }),
        ...(options.idGenerator === undefined ? {} : { idGenerator: options.idGenerator }),
      }),
  );
  if (settings.ReportPath === undefined) return services;
  const path = resolve(options.baseDirectory ?? process.cwd(), settings.ReportPath);
  services.tryAddSingleton(ReportAfterRunService, (resolver) => {
    // Resolved first so that they are disposed after the writer, which still reads the trail.
    resolver.tryGet(AuditTrailService);
    resolver.tryGet(AuditRecorderService);
    return new ReportAfterRun(resolver.get(NistComplianceReporterService), path, resolver.get(LoggerService));
  });
  return services.addSingleton(RunEventListenerService, (resolver) => {
    const afterRun = resolver.get(ReportAfterRunService);
    return (event) => {
      if (event.kind === 'run.finished') afterRun.request();
    };
  });
}
