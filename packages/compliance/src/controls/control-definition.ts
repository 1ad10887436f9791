import type { AuditSummary } from '../audit-summary.js';
import type { ComplianceFacts } from '../compliance-facts.js';
import type {
  ComplianceRecommendation,
  ControlEvidence,
  ControlFamily,
  ControlStatus,
  FindingSeverity,
} from '../nist-compliance-report.js';
import type { NistComplianceSettings } from '../nist-compliance-settings.js';

/** What every control is judged from. */
export interface ControlInput {
  readonly facts: ComplianceFacts;
  readonly audit: AuditSummary;
  readonly settings: NistComplianceSettings;
}

/** A control's verdict before the report adds its id and catalogue text. */
export interface ControlJudgement {
  readonly status: ControlStatus;
  readonly rationale: string;
  readonly evidence: readonly ControlEvidence[];
  /** What to change; left out of the report when the control is implemented or does not apply. */
  readonly recommendation?: Omit<ComplianceRecommendation, 'controlId'>;
}

/** One control of the catalogue: its SP 800-53 id and title, and how Orkeon evidences it. */
export interface ControlDefinition {
  readonly id: string;
  readonly family: ControlFamily;
  readonly title: string;
  readonly description: string;
  /** How bad it is when the control is not implemented; a partial one is one step less. */
  readonly severity: FindingSeverity;
  assess(input: ControlInput): ControlJudgement;
}

export const setting = (name: string, value: string | number | boolean): ControlEvidence => ({
  source: 'setting',
  name,
  value,
});
export const runtime = (name: string, value: string | number | boolean): ControlEvidence => ({
  source: 'runtime',
  name,
  value,
});
export const audit = (name: string, value: string | number | boolean): ControlEvidence => ({
  source: 'audit',
  name,
  value,
});

/** The gate's state as evidence: the settings, and what the runtime registered when judged live. */
export function gateEvidence(facts: ComplianceFacts): ControlEvidence[] {
  return [
    setting('Svc:Security:PermissionGate:Enabled', facts.permissionGate.enabledSetting),
    setting('Svc:Security:PermissionGate:Mode', facts.permissionGate.modeSetting),
    ...(facts.basis === 'runtime'
      ? [
          runtime(
            'permission gate',
            facts.permissionGate.mode === undefined ? 'none' : `mode ${facts.permissionGate.mode}`,
          ),
        ]
      : []),
  ];
}

/** The Guardian's state as evidence. */
export function guardianEvidence(facts: ComplianceFacts): ControlEvidence {
  return facts.basis === 'runtime'
    ? runtime('Guardian', facts.guardian.on ? 'registered' : 'none')
    : setting('Svc:Guardian:Enabled', facts.guardian.on);
}

/** The audit recorder's state as evidence. */
export function auditEvidence(facts: ComplianceFacts): ControlEvidence[] {
  return [setting('Svc:Security:Audit:Enabled', facts.audit.enabled), trailEvidence(facts)];
}

/** Where the trail is kept: what the runtime registered, or the store the report read. */
export function trailEvidence(facts: ComplianceFacts): ControlEvidence {
  return facts.basis === 'runtime'
    ? runtime('audit trail', facts.audit.trail)
    : audit('audit trail', facts.audit.trail);
}

/** The mounts agents see: the runtime's, or those the settings declare. */
export function mountEvidence(facts: ComplianceFacts): ControlEvidence {
  return facts.basis === 'runtime'
    ? runtime('agent mounts', describeMounts(facts))
    : setting('Svc:FileSystem:Mounts', describeMounts(facts));
}

/** The mounts agents see, as `"/crew ro, /out rw"`. */
export function describeMounts(facts: ComplianceFacts): string {
  const mounts = facts.mounts.agent.flatMap((mount) => [mount, ...mount.overrides]);
  return mounts.length === 0 ? 'none' : mounts.map((mount) => `${mount.virtualPath} ${mount.rights}`).join(', ');
}

/** Whether any agent mount (or a path below one) can be written. */
export function hasWritableMount(facts: ComplianceFacts): boolean {
  return facts.mounts.agent.some(
    (mount) => mount.rights !== 'ro' || mount.overrides.some((override) => override.rights !== 'ro'),
  );
}

export const implemented = 'Implemented';
export const partial = 'PartiallyImplemented';
export const missing = 'NotImplemented';
export const notApplicable = 'NotApplicable';
