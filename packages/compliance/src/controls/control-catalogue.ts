import { accessControls } from './access-control.js';
import { auditControls } from './audit-and-accountability.js';
import { configurationControls } from './configuration-management.js';
import type { ControlDefinition } from './control-definition.js';
import { incidentResponseControls } from './incident-response.js';
import { programManagementControls } from './program-management.js';
import { riskAssessmentControls } from './risk-assessment.js';
import { systemCommunicationsControls } from './system-communications.js';
import { systemIntegrityControls } from './system-integrity.js';

/** The 25 SP 800-53 controls the report judges, in family order. */
export const controlCatalogue: readonly ControlDefinition[] = [
  ...accessControls,
  ...auditControls,
  ...configurationControls,
  ...incidentResponseControls,
  ...riskAssessmentControls,
  ...systemIntegrityControls,
  ...systemCommunicationsControls,
  ...programManagementControls,
];
