import type { Configuration } from '../config/configuration.js';
import { LoggerService } from '../logging/logger.js';
import { NetworkGuard } from '../network/network-guard.js';
import type { ServiceCollection } from '../services/service-collection.js';
import { serviceToken } from '../services/service-token.js';
import { Guardian, type GuardianDecision } from './guardian.js';
import {
  guardianSettings,
  promptSecuritySettings,
  toolResultSecuritySettings,
  urlSecuritySettings,
} from './guardian-settings.js';

export const GuardianService = serviceToken<Guardian>('Guardian');

/** Hears each Guardian decision (the runtime registers one that emits `guardian.blocked`). */
export const GuardianDecisionListenerService =
  serviceToken<(decision: GuardianDecision) => void>('GuardianDecisionListener');

/**
 * Registers the Guardian from `Svc:Guardian`, `Svc:Security:Prompt`, `Svc:Security:ToolResults`
 * and `Svc:Security:Url`. `createRuntime` calls it for every host: the Guardian is on unless
 * `Svc:Guardian:Enabled` is false, which leaves one warning at start.
 */
export function addSvcGuardian(services: ServiceCollection, configuration: Configuration): ServiceCollection {
  if (!configuration.get(guardianSettings).Enabled) return services;
  const prompt = configuration.get(promptSecuritySettings);
  const results = configuration.get(toolResultSecuritySettings);
  const url = configuration.get(urlSecuritySettings);
  return services.tryAddSingleton(GuardianService, (resolver) => {
    const listeners = resolver.getAll(GuardianDecisionListenerService);
    return new Guardian({
      promptPolicy: prompt.Policy,
      toolResultPolicy: results.Policy,
      trustedTools: results.TrustedTools,
      urls: new NetworkGuard({
        allowedHosts: url.AllowedHosts,
        allowedRanges: url.AllowedRanges,
        blockedPorts: url.BlockedPorts,
        blockedDomains: url.BlockedDomains,
      }),
      logger: resolver.get(LoggerService),
      onDecision: (decision) => {
        for (const listener of listeners) listener(decision);
      },
    });
  });
}
