import type { Configuration } from '../config/configuration.js';
import { GuardianDecisionListenerService } from '../guardian/add-svc-guardian.js';
import { LoggerService } from '../logging/logger.js';
import type { ServiceCollection } from '../services/service-collection.js';
import { ToolAuditSinkService } from '../tools/tool-audit.js';
import { AuditRecorder, AuditRecorderService } from './audit-recorder.js';
import { auditSettings } from './audit-settings.js';
import { AuditTrailService } from './audit-trail.js';
import { InMemoryAuditTrail } from './in-memory-audit-trail.js';

/**
 * Registers the audit trail from `Svc:Security:Audit` (on by default): a recorder that hears
 * every tool execution and Guardian decision (and the permission gate's, through the
 * invocation pipeline), writing to the registered `AuditTrailService`, else to one in
 * memory. `orkeon run` registers the SQLite file or PostgreSQL schema it keeps its state in.
 */
export function addSvcAudit(
  services: ServiceCollection,
  configuration: Configuration,
  options: { runOf?: () => string | undefined } = {},
): ServiceCollection {
  const settings = configuration.get(auditSettings);
  if (!settings.Enabled) return services;
  return services
    .tryAddSingleton(AuditTrailService, () => new InMemoryAuditTrail())
    .tryAddSingleton(
      AuditRecorderService,
      (resolver) =>
        new AuditRecorder({
          trail: resolver.get(AuditTrailService),
          retentionDays: settings.RetentionDays,
          logger: resolver.get(LoggerService),
          ...(options.runOf === undefined ? {} : { runOf: options.runOf }),
        }),
    )
    .addSingleton(ToolAuditSinkService, (resolver) => resolver.get(AuditRecorderService).toolCall)
    .addSingleton(GuardianDecisionListenerService, (resolver) => resolver.get(AuditRecorderService).guardianDecision);
}
