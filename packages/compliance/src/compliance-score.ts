import {
  type ComplianceScore,
  type ControlAssessment,
  type ControlFamily,
  type ControlStatus,
  controlFamilies,
} from './nist-compliance-report.js';

/** What each status earns; NotApplicable controls are left out of the sums. */
const weights: Readonly<Record<Exclude<ControlStatus, 'NotApplicable'>, number>> = {
  Implemented: 1,
  PartiallyImplemented: 0.5,
  NotImplemented: 0,
};

/**
 * The score of judged controls: the mean weight of those that apply, as a percentage
 * rounded to one decimal, overall and per family; `null` where no control applies.
 *
 * @experimental SVCEXP007
 */
export function complianceScore(controls: readonly Pick<ControlAssessment, 'family' | 'status'>[]): ComplianceScore {
  const count = (status: ControlStatus) => controls.filter((control) => control.status === status).length;
  const scoresByFamily = Object.fromEntries(
    controlFamilies.map((family) => [family, percentage(controls.filter((control) => control.family === family))]),
  ) as Record<ControlFamily, number | null>;
  return {
    overallScore: percentage(controls),
    total: controls.length,
    implemented: count('Implemented'),
    partiallyImplemented: count('PartiallyImplemented'),
    notImplemented: count('NotImplemented'),
    notApplicable: count('NotApplicable'),
    scoresByFamily,
  };
}

function percentage(controls: readonly Pick<ControlAssessment, 'status'>[]): number | null {
  let applicable = 0;
  let earned = 0;
  for (const { status } of controls) {
    if (status === 'NotApplicable') continue;
    applicable += 1;
    earned += weights[status];
  }
  return applicable === 0 ? null : Math.round((earned / applicable) * 1000) / 10;
}
