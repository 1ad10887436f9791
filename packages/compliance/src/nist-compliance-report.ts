/** How far a control is implemented, as the report judges it from its evidence. @experimental SVCEXP007 */
export type ControlStatus = 'Implemented' | 'PartiallyImplemented' | 'NotImplemented' | 'NotApplicable';
/** @experimental SVCEXP007 */
export const controlStatuses: readonly ControlStatus[] = [
  'Implemented',
  'PartiallyImplemented',
  'NotImplemented',
  'NotApplicable',
];

/** The SP 800-53 control families the catalogue covers. @experimental SVCEXP007 */
export type ControlFamily = 'AC' | 'AU' | 'CM' | 'IR' | 'RA' | 'SI' | 'SC' | 'PM';
/** @experimental SVCEXP007 */
export const controlFamilies: readonly ControlFamily[] = ['AC', 'AU', 'CM', 'IR', 'RA', 'SI', 'SC', 'PM'];

/** How bad a gap is. @experimental SVCEXP007 */
export type FindingSeverity = 'High' | 'Medium' | 'Low';

/**
 * One fact a control was judged on: a setting and its value (never a secret: credentials
 * appear as `set` or `not set`), what the runtime has registered, a count from the audit
 * trail, or an environment variable's presence.
 *
 * @experimental SVCEXP007
 */
export interface ControlEvidence {
  readonly source: 'setting' | 'runtime' | 'audit' | 'environment';
  /** A setting key (`Svc:Security:PermissionGate:Enabled`), or what was looked at (`permission gate`). */
  readonly name: string;
  readonly value: string | number | boolean;
}

/** What to change so that a control is implemented. @experimental SVCEXP007 */
export interface ComplianceRecommendation {
  readonly controlId: string;
  /** The setting to change, when one setting does it (`Svc:Security:PermissionGate:Enabled`). */
  readonly setting?: string;
  /** The value to give it, as it is written in settings (`true`, `"default"`). */
  readonly value?: string;
  /** What to do, in a sentence. */
  readonly action: string;
}

/** One control of the catalogue, judged. @experimental SVCEXP007 */
export interface ControlAssessment {
  /** The SP 800-53 id, e.g. `AC-3`. */
  readonly id: string;
  readonly family: ControlFamily;
  readonly title: string;
  /** What the control asks for and what Orkeon shows for it. */
  readonly description: string;
  readonly status: ControlStatus;
  /** Why this status, from the evidence. */
  readonly rationale: string;
  readonly evidence: readonly ControlEvidence[];
  /** Present unless the control is implemented or does not apply. */
  readonly recommendation?: ComplianceRecommendation;
}

/** Something missing or worth a look. @experimental SVCEXP007 */
export interface ComplianceFinding {
  readonly controlId: string;
  readonly severity: FindingSeverity;
  readonly message: string;
}

/**
 * The score: Implemented counts 1, PartiallyImplemented 0.5, NotImplemented 0, and
 * NotApplicable controls are left out; a score is the sum over the controls that apply,
 * as a percentage rounded to one decimal (`null` when none applies).
 *
 * @experimental SVCEXP007
 */
export interface ComplianceScore {
  readonly overallScore: number | null;
  readonly total: number;
  readonly implemented: number;
  readonly partiallyImplemented: number;
  readonly notImplemented: number;
  readonly notApplicable: number;
  readonly scoresByFamily: Readonly<Record<ControlFamily, number | null>>;
}

/** The audit records a report read. @experimental SVCEXP007 */
export interface AuditPeriod {
  /** The start of the period read (ISO time). */
  readonly from: string;
  /** When the records were read (ISO time). */
  readonly to: string;
  /** Where the trail is kept: `sqlite <file>`, `postgresql schema <name>`, `memory`, or `none`. */
  readonly trail: string;
  /** Records read in the period. */
  readonly records: number;
  /** True when the period holds more records than `Svc:Compliance:MaxRecords`: counts cover the newest ones. */
  readonly truncated: boolean;
  /** The oldest and newest record read. */
  readonly oldestRecord?: string;
  readonly newestRecord?: string;
}

/**
 * A NIST SP 800-53 compliance report: the 25 controls of the catalogue judged from the
 * running configuration and the audit trail, their score, what is missing, and what to change.
 *
 * @experimental SVCEXP007
 */
export interface NistComplianceReport {
  readonly reportId: string;
  /** ISO time. */
  readonly generatedAt: string;
  /** Whether the configuration was seen in a live runtime (`runtime`) or in settings only (`settings`). */
  readonly basis: 'runtime' | 'settings';
  readonly auditPeriod: AuditPeriod;
  readonly score: ComplianceScore;
  readonly controls: readonly ControlAssessment[];
  readonly findings: readonly ComplianceFinding[];
  readonly recommendations: readonly ComplianceRecommendation[];
}
