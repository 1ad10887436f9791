import { controlCatalogue } from './controls/control-catalogue.js';
import type { ControlFamily, FindingSeverity } from './nist-compliance-report.js';

/** A control of the catalogue, as the report names and describes it. @experimental SVCEXP007 */
export interface NistControl {
  readonly id: string;
  readonly family: ControlFamily;
  readonly title: string;
  readonly description: string;
  /** The severity of its finding when it is not implemented (one step less when partial). */
  readonly severity: FindingSeverity;
}

/**
 * The 25 SP 800-53 controls the report judges, in the families AC, AU, CM, IR, RA, SI, SC
 * and PM, in report order.
 *
 * @experimental SVCEXP007
 */
export const nistControlCatalogue: readonly NistControl[] = controlCatalogue.map(
  ({ id, family, title, description, severity }) => ({ id, family, title, description, severity }),
);
