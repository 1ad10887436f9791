import {
  audit,
  auditEvidence,
  type ControlDefinition,
  guardianEvidence,
  implemented,
  missing,
  partial,
  setting,
} from './control-definition.js';

/** IR: what happens to an attack the runtime catches, and whether someone can see it afterwards. */
export const incidentResponseControls: readonly ControlDefinition[] = [
  {
    id: 'IR-4',
    family: 'IR',
    title: 'Incident Handling',
    description:
      'Incidents are detected, contained and recorded. In Orkeon the Guardian stops a prompt injection (the task fails), refuses tool calls that break its rules, and the audit trail keeps each decision.',
    severity: 'High',
    assess({ facts, audit: trail }) {
      const evidence = [
        guardianEvidence(facts),
        setting('Svc:Security:Prompt:Policy', facts.guardian.promptPolicy),
        setting('Svc:Security:Audit:Enabled', facts.audit.enabled),
        audit('Guardian blocks', trail.blockedByKind.guardian),
      ];
      if (!facts.guardian.on)
        return {
          status: missing,
          rationale:
            'The Guardian is off: injected prompts and rule-breaking tool calls are neither stopped nor noticed.',
          evidence,
          recommendation: { setting: 'Svc:Guardian:Enabled', value: 'true', action: 'Turn the Guardian back on.' },
        };
      if (facts.guardian.promptPolicy !== 'Block')
        return {
          status: partial,
          rationale: `Tool calls that break the rules are refused, but a prompt injection only ${facts.guardian.promptPolicy === 'Warn' ? 'logs a warning' : 'goes unscreened'}: the task goes on.`,
          evidence,
          recommendation: {
            setting: 'Svc:Security:Prompt:Policy',
            value: '"Block"',
            action: 'Let a High or Critical prompt injection fail the task.',
          },
        };
      if (!facts.audit.enabled)
        return {
          status: partial,
          rationale: 'Attacks are stopped, but no record of them is kept.',
          evidence,
          recommendation: { setting: 'Svc:Security:Audit:Enabled', value: 'true', action: 'Turn the audit trail on.' },
        };
      return {
        status: implemented,
        rationale: 'The Guardian stops injected prompts and refused tool calls, and each decision is recorded.',
        evidence,
      };
    },
  },
  {
    id: 'IR-5',
    family: 'IR',
    title: 'Incident Monitoring',
    description:
      'Incidents are tracked and can be reviewed. Orkeon’s audit trail keeps every blocked action (Guardian, permission gate, tool) with who attempted it; `orkeon audit --outcome blocked` lists them.',
    severity: 'Medium',
    assess({ facts, audit: trail }) {
      const evidence = [
        ...auditEvidence(facts),
        audit('blocked actions', trail.byOutcome.Blocked),
        audit('blocked by the Guardian', trail.blockedByKind.guardian),
        audit('denied by the permission gate', trail.blockedByKind.permission),
        audit('failed tool calls', trail.byOutcome.Failure),
        ...trail.mostBlockedAgents.map((item) => audit(`blocked actions of ${item.agent}`, item.blocked)),
      ];
      if (!facts.audit.enabled)
        return {
          status: missing,
          rationale: 'The audit trail is off: blocked actions leave no record to review.',
          evidence,
          recommendation: { setting: 'Svc:Security:Audit:Enabled', value: 'true', action: 'Turn the audit trail on.' },
        };
      if (!facts.audit.durable)
        return {
          status: partial,
          rationale:
            'Blocked actions are recorded, but in memory only: they cannot be reviewed after the process ends.',
          evidence,
          recommendation: {
            action:
              'Keep the audit trail in a durable store (SqliteAuditTrail or PostgresAuditTrail registered as AuditTrailService; orkeon run does).',
          },
        };
      return {
        status: implemented,
        rationale: `Blocked actions are recorded durably (${trail.byOutcome.Blocked} in the period).`,
        evidence,
      };
    },
  },
];
