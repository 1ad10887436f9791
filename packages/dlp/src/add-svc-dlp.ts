import {
  AuditRecorderService,
  auditSettings,
  type Configuration,
  createLogger,
  DlpChannelGuardService,
  type Logger,
  PiiDetectorService,
  type ServiceCollection,
  type ServiceResolver,
  ToolCallInterceptorService,
} from '@orkeon/core';
import {
  DelegationDlpInterceptor,
  type DlpInterceptorOptions,
  DlpInterceptorService,
  ExternalOutputDlpInterceptor,
  LogDlpInterceptor,
  MemoryDlpInterceptor,
  ToolOutputDlpInterceptor,
} from './dlp-interceptors.js';
import { DlpPolicyProviderService, SettingsDlpPolicyProvider } from './dlp-policy-provider.js';
import { type DlpSettings, dlpSettings } from './dlp-settings.js';
import { dlpToolCallInterceptor } from './dlp-tool-call-interceptor.js';
import { PolicyDlpChannelGuard } from './policy-dlp-channel-guard.js';
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

const interceptorClasses = [
  ToolOutputDlpInterceptor,
  DelegationDlpInterceptor,
  LogDlpInterceptor,
  MemoryDlpInterceptor,
  ExternalOutputDlpInterceptor,
];

/**
 * Enables data-loss prevention from `Svc:Dlp` (read and checked now, so a bad setting refuses
 * the start). Registers with `tryAdd`, so a host's own parts stay: the PII detector
 * (`PiiDetectorService`, a `RegexPiiDetector`), the channel policies
 * (`DlpPolicyProviderService`) and the five interceptors (`DlpInterceptorService`), whose
 * detections go to the audit trail. Tasks can then refuse personal data in their answers
 * (`outputValidation.forbiddenPii`), and the host calls the interceptors where it wants them.
 * With `ApplyInPipeline: true` it also registers the guard (`DlpChannelGuardService`) and a
 * tool call interceptor, and the runtime applies the policies at the five points by itself.
 * `Enabled: false` registers nothing.
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
  const logger = options.logger ?? createLogger();
  if (options.acknowledgeExperimental !== true) {
    logger.warn(
      { diagnosticId: dlpExperimentalDiagnosticId },
      `${dlpExperimentalDiagnosticId}: data-loss prevention is experimental and may change without notice. Pass { acknowledgeExperimental: true } to addSvcDlp to silence this warning.`,
    );
  }
  if (usesAudit(settings) && !configuration.get(auditSettings).Enabled)
    logger.warn(
      'Svc:Dlp audits personal data (DefaultAction or a channel action Audit) while the audit trail is off (Svc:Security:Audit:Enabled = false): audited content passes and nothing is recorded.',
    );
  services.tryAddSingleton(PiiDetectorService, () => new RegexPiiDetector());
  services.tryAddSingleton(DlpPolicyProviderService, () => new SettingsDlpPolicyProvider(settings));
  if (!services.has(DlpInterceptorService))
    for (const Interceptor of interceptorClasses)
      services.addSingleton(DlpInterceptorService, (resolver) => new Interceptor(interceptorOptions(resolver)));
  if (settings.ApplyInPipeline) {
    services.tryAddSingleton(
      DlpChannelGuardService,
      (resolver) =>
        new PolicyDlpChannelGuard({
          policies: resolver.get(DlpPolicyProviderService),
          interceptors: resolver.getAll(DlpInterceptorService),
        }),
    );
    services.addSingleton(ToolCallInterceptorService, (resolver) =>
      dlpToolCallInterceptor(resolver.get(DlpChannelGuardService)),
    );
  }
  return services;
}

/** The detector, and the audit trail as the listener of detections when the trail is on. */
function interceptorOptions(resolver: ServiceResolver): DlpInterceptorOptions {
  const recorder = resolver.tryGet(AuditRecorderService);
  return {
    detector: resolver.get(PiiDetectorService),
    ...(recorder === undefined ? {} : { onDetection: recorder.dlpDetection }),
  };
}

function usesAudit(settings: DlpSettings): boolean {
  if (settings.DefaultAction === 'Audit') return true;
  return Object.values(settings.ChannelPolicies).some(
    (policy) => policy?.DefaultAction === 'Audit' || Object.values(policy?.PiiActions ?? {}).includes('Audit'),
  );
}
