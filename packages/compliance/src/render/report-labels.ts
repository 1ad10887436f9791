import type { ControlFamily, ControlStatus } from '../nist-compliance-report.js';

/** The families' names in SP 800-53. */
export const familyNames: Readonly<Record<ControlFamily, string>> = {
  AC: 'Access Control',
  AU: 'Audit and Accountability',
  CM: 'Configuration Management',
  IR: 'Incident Response',
  RA: 'Risk Assessment',
  SI: 'System and Information Integrity',
  SC: 'System and Communications Protection',
  PM: 'Program Management',
};

export const statusLabels: Readonly<Record<ControlStatus, string>> = {
  Implemented: 'implemented',
  PartiallyImplemented: 'partially implemented',
  NotImplemented: 'not implemented',
  NotApplicable: 'not applicable',
};

/** `87.5 %`, or `n/a` when no control applies. */
export function formatScore(score: number | null): string {
  return score === null ? 'n/a' : `${score.toFixed(1)} %`;
}
