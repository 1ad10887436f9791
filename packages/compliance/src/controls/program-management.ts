import type { ComplianceRecommendation } from '../nist-compliance-report.js';
import { type ControlDefinition, implemented, missing, partial, setting, trailEvidence } from './control-definition.js';

/** PM: whether the evidence above is gathered continuously rather than once. */
export const programManagementControls: readonly ControlDefinition[] = [
  {
    id: 'PM-31',
    family: 'PM',
    title: 'Continuous Monitoring Strategy',
    description:
      'Security is watched continuously, not checked once. Orkeon’s part: a durable audit trail, telemetry exported to a collector, and this report written after every run (Svc:Compliance:ReportPath).',
    severity: 'Low',
    assess({ facts }) {
      const parts: { name: string; on: boolean; fix: Omit<ComplianceRecommendation, 'controlId'> }[] = [
        {
          name: 'report after every run',
          on: facts.reportAfterRun,
          fix: {
            setting: 'Svc:Compliance:ReportPath',
            value: '"compliance/report.html"',
            action: 'Write this report after every run.',
          },
        },
        {
          name: 'telemetry exported over OTLP',
          on:
            facts.telemetry.exporterRegistered !== false &&
            facts.telemetry.destinations.some((item) => item.startsWith('otlp ')),
          fix: { setting: 'Telemetry:OtlpEndpoint', action: 'Export spans and metrics to an OpenTelemetry collector.' },
        },
        {
          name: 'durable audit trail',
          on: facts.audit.durable,
          fix: {
            action:
              'Keep the audit trail in a durable store (SqliteAuditTrail or PostgresAuditTrail as AuditTrailService; orkeon run does).',
          },
        },
      ];
      const evidence = [
        setting('Svc:Compliance:ReportPath', facts.reportAfterRun ? 'set' : 'not set'),
        setting('telemetry destinations', facts.telemetry.destinations.join(', ') || 'none'),
        trailEvidence(facts),
      ];
      const off = parts.filter((part) => !part.on);
      const first = off[0];
      if (first === undefined)
        return {
          status: implemented,
          rationale: 'The report is written after every run, telemetry is exported, and the trail is durable.',
          evidence,
        };
      return {
        status: off.length < parts.length ? partial : missing,
        rationale: `Missing: ${off.map((part) => part.name).join(', ')}.`,
        evidence,
        recommendation: first.fix,
      };
    },
  },
];
