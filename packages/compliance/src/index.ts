export {
  type AddSvcNistComplianceOptions,
  addSvcNistCompliance,
  nistComplianceExperimentalDiagnosticId,
  ReportAfterRunService,
} from './add-svc-nist-compliance.js';
export {
  ComplianceAuditTrailError,
  ComplianceReportFormatError,
  ComplianceReportWriteError,
} from './compliance-errors.js';
export { complianceScore } from './compliance-score.js';
export { type ComplianceErrorCode, complianceErrorCodes } from './errors/error-codes.js';
export {
  type AuditPeriod,
  type ComplianceFinding,
  type ComplianceRecommendation,
  type ComplianceScore,
  type ControlAssessment,
  type ControlEvidence,
  type ControlFamily,
  type ControlStatus,
  controlFamilies,
  controlStatuses,
  type FindingSeverity,
  type NistComplianceReport,
} from './nist-compliance-report.js';
export {
  type GenerateReportOptions,
  NistComplianceReporter,
  type NistComplianceReporterOptions,
  NistComplianceReporterService,
} from './nist-compliance-reporter.js';
export {
  type ComplianceReportFormat,
  complianceReportFormats,
  type NistComplianceSettings,
  nistComplianceSettings,
  reportFormatOfPath,
} from './nist-compliance-settings.js';
export { type NistControl, nistControlCatalogue } from './nist-control-catalogue.js';
export type { PackageSettings } from './package-settings.js';
export { renderComplianceReport, writeComplianceReport } from './render/render-report.js';
export type { ReportAfterRun } from './report-after-run.js';
