import {
  type Configuration,
  createLogger,
  type Logger,
  PiiDetectorService,
  type ServiceCollection,
} from '@orkeon/core';
import { dlpSettings } from './dlp-settings.js';
import { RegexPiiDetector } from './regex-pii-detector.js';

/** The diagnostic id of experimental data-loss prevention (the original marks DLP experimental). */
export const dlpExperimentalDiagnosticId = 'SVCEXP006';

/** @experimental SVCEXP006 */
export interface AddSvcDlpOptions {
  /** Silences the one `SVCEXP006` warning logged when DLP is added. */
  readonly acknowledgeExperimental?: boolean;
  /** Where that warning goes; default a new logger. */
  readonly logger?: Logger;
}

/**
 * Enables data-loss prevention from `Svc:Dlp` (read and checked now, so a bad setting refuses
 * the start): registers the PII detector (`PiiDetectorService`, a `RegexPiiDetector`) with
 * `tryAdd`, so a host's own detector stays. Tasks can then refuse personal data in their
 * answers (`outputValidation.forbiddenPii`). `Enabled: false` registers nothing.
 *
 * @experimental SVCEXP006
 */
export function addSvcDlp(
  services: ServiceCollection,
  configuration: Configuration,
  options: AddSvcDlpOptions = {},
): ServiceCollection {
  const settings = configuration.get(dlpSettings);
  if (!settings.Enabled) return services;
  if (options.acknowledgeExperimental !== true) {
    (options.logger ?? createLogger()).warn(
      { diagnosticId: dlpExperimentalDiagnosticId },
      `${dlpExperimentalDiagnosticId}: data-loss prevention is experimental and may change without notice. Pass { acknowledgeExperimental: true } to addSvcDlp to silence this warning.`,
    );
  }
  services.tryAddSingleton(PiiDetectorService, () => new RegexPiiDetector());
  return services;
}
