import {
  audit,
  auditEvidence,
  type ControlDefinition,
  type ControlJudgement,
  implemented,
  missing,
  partial,
  setting,
} from './control-definition.js';

const enableAudit = {
  setting: 'Svc:Security:Audit:Enabled',
  value: 'true',
  action: 'Turn the audit trail back on (it is on by default).',
};

const durableTrail = {
  action:
    'Keep the audit trail in a store that outlives the process: orkeon run keeps it in the state database (.orkeon/state.db); a host registers SqliteAuditTrail or PostgresAuditTrail as AuditTrailService, or points Svc:Checkpointing:Postgres:ConnectionString at PostgreSQL.',
};

/** Every audit control is not implemented when the trail is off. */
function auditOff(evidence: ControlJudgement['evidence']): ControlJudgement {
  return {
    status: missing,
    rationale: 'The audit trail is off (Svc:Security:Audit:Enabled = false): nothing is recorded.',
    evidence,
    recommendation: enableAudit,
  };
}

/** AU: the audit trail, its content, its protection, its retention and its records. */
export const auditControls: readonly ControlDefinition[] = [
  {
    id: 'AU-2',
    family: 'AU',
    title: 'Event Logging',
    description:
      'The events that matter for security are logged. Orkeon’s audit trail records every tool execution, every Guardian decision and every permission-gate decision.',
    severity: 'High',
    assess({ facts }) {
      const evidence = auditEvidence(facts);
      if (!facts.audit.enabled) return auditOff(evidence);
      return {
        status: implemented,
        rationale: 'Tool executions, Guardian decisions and permission-gate decisions are recorded.',
        evidence,
      };
    },
  },
  {
    id: 'AU-3',
    family: 'AU',
    title: 'Content of Audit Records',
    description:
      'Records say what happened, when, where, with what outcome and who did it. Each Orkeon record has its time, kind, outcome and tool, and names the caller, agent, crew, task and run (never the arguments).',
    severity: 'Low',
    assess({ facts, audit: trail }) {
      const evidence = [
        ...auditEvidence(facts),
        audit('records in the period', trail.period.records),
        audit('records naming their caller', trail.withCaller),
        audit('runs', trail.runs),
      ];
      if (!facts.audit.enabled) return auditOff(evidence);
      return {
        status: implemented,
        rationale:
          trail.period.records === 0
            ? 'Every record has its time, kind and outcome, and names who called; the period holds no record yet.'
            : `Every record has its time, kind and outcome; ${trail.withCaller} of ${trail.period.records} in the period name who called (a Guardian decision outside a call names none).`,
        evidence,
      };
    },
  },
  {
    id: 'AU-9',
    family: 'AU',
    title: 'Protection of Audit Information',
    description:
      'Audit information is protected from change and deletion. Orkeon only appends records and prunes those past the retention; it keeps no cryptographic tamper evidence, so the trail is as safe as the file or database it lives in. The report checks that no record numbers are missing.',
    severity: 'High',
    assess({ facts, audit: trail }) {
      const evidence = [...auditEvidence(facts), audit('missing record numbers', trail.missingSequences)];
      if (!facts.audit.enabled) return auditOff(evidence);
      if (trail.missingSequences > 0)
        return {
          status: missing,
          rationale: `${trail.missingSequences} record number(s) are missing inside the retention window: records were removed by something other than the retention (or, on PostgreSQL, a write failed).`,
          evidence,
          recommendation: {
            action:
              'Find out what removed the records, and keep the trail where only the service may write: a PostgreSQL role with INSERT and SELECT on audit_records, or a state file only its user can write.',
          },
        };
      return {
        status: partial,
        rationale: facts.audit.durable
          ? 'Records are only appended, and no record number is missing; but the store has no tamper evidence of its own.'
          : 'Records are only appended, but they are kept in memory and go with the process.',
        evidence,
        recommendation: facts.audit.durable
          ? {
              action:
                'Keep the trail where only the service may write it: a state file only its user can write, or PostgreSQL (Svc:Checkpointing:Postgres:ConnectionString) with a role limited to INSERT and SELECT on audit_records; copy the records to a log store of their own.',
            }
          : durableTrail,
      };
    },
  },
  {
    id: 'AU-11',
    family: 'AU',
    title: 'Audit Record Retention',
    description:
      'Records are kept long enough for investigations and policy. Orkeon removes records older than Svc:Security:Audit:RetentionDays; the report asks for at least Svc:Compliance:MinimumRetentionDays, in a store that outlives the process.',
    severity: 'Medium',
    assess({ facts, settings }) {
      const evidence = [
        ...auditEvidence(facts),
        setting('Svc:Security:Audit:RetentionDays', facts.audit.retentionDays),
        setting('Svc:Compliance:MinimumRetentionDays', settings.MinimumRetentionDays),
      ];
      if (!facts.audit.enabled) return auditOff(evidence);
      if (!facts.audit.durable)
        return {
          status: partial,
          rationale: 'Records are kept in memory: they are lost when the process ends, whatever the retention.',
          evidence,
          recommendation: durableTrail,
        };
      if (facts.audit.retentionDays < settings.MinimumRetentionDays)
        return {
          status: partial,
          rationale: `Records are kept ${facts.audit.retentionDays} days, less than the ${settings.MinimumRetentionDays} asked for.`,
          evidence,
          recommendation: {
            setting: 'Svc:Security:Audit:RetentionDays',
            value: String(settings.MinimumRetentionDays),
            action: `Keep audit records at least ${settings.MinimumRetentionDays} days.`,
          },
        };
      return {
        status: implemented,
        rationale: `Records are kept ${facts.audit.retentionDays} days in a durable store.`,
        evidence,
      };
    },
  },
  {
    id: 'AU-12',
    family: 'AU',
    title: 'Audit Record Generation',
    description:
      'The system generates the audit records. The report looks for records in the period read: a trail that is on but empty means nothing ran, or the trail read is not the one the runs write.',
    severity: 'High',
    assess({ facts, audit: trail, settings }) {
      const evidence = [
        ...auditEvidence(facts),
        audit('records in the period', trail.period.records),
        audit('tool records', trail.byKind.tool),
        audit('Guardian records', trail.byKind.guardian),
        audit('permission-gate records', trail.byKind.permission),
      ];
      if (!facts.audit.enabled) return auditOff(evidence);
      if (trail.period.records === 0)
        return {
          status: partial,
          rationale: `The trail is on, but holds no record of the last ${settings.PeriodDays} days: nothing ran, or this is not the trail the runs write.`,
          evidence,
          recommendation: {
            action:
              'Build the report where the runs keep their state (orkeon compliance report --state <file>), or after a run.',
          },
        };
      return {
        status: implemented,
        rationale: `${trail.period.records} records were written in the period.`,
        evidence,
      };
    },
  },
];
