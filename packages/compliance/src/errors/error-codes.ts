/** Every error code of `@orkeon/compliance`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const complianceErrorCodes = {
  COMPLIANCE_AUDIT_TRAIL_UNREADABLE:
    'The audit trail could not be read while a compliance report was built: check that the state database (or the PostgreSQL schema) is reachable and readable, then build the report again.',
  COMPLIANCE_REPORT_FORMAT_UNKNOWN:
    'A compliance report was asked for in a format other than json, md or html: use one of those.',
  COMPLIANCE_REPORT_WRITE_FAILED:
    'A compliance report could not be written to its file (Svc:Compliance:ReportPath or --output): give a path in a folder that exists and can be written.',
} as const;

export type ComplianceErrorCode = keyof typeof complianceErrorCodes;
