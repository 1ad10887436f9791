import { OrkeonError } from '@orkeon/core';
import type { ComplianceErrorCode } from './errors/error-codes.js';

/**
 * The audit trail failed while a report was built. A report without its trail would show
 * the audit controls as unproven, so the report is refused instead.
 *
 * @experimental SVCEXP007
 */
export class ComplianceAuditTrailError extends OrkeonError<ComplianceErrorCode> {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'COMPLIANCE_AUDIT_TRAIL_UNREADABLE',
      `The audit trail could not be read for the compliance report (${reason}). Check that the state database or the PostgreSQL schema is reachable, then build the report again.`,
      { cause },
    );
  }
}

/** @experimental SVCEXP007 */
export class ComplianceReportFormatError extends OrkeonError<ComplianceErrorCode> {
  constructor(format: string, message = `Unknown compliance report format '${format}': use json, md or html.`) {
    super('COMPLIANCE_REPORT_FORMAT_UNKNOWN', message, { details: { format } });
  }
}

/** @experimental SVCEXP007 */
export class ComplianceReportWriteError extends OrkeonError<ComplianceErrorCode> {
  readonly path: string;

  constructor(path: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'COMPLIANCE_REPORT_WRITE_FAILED',
      `The compliance report could not be written to ${path} (${reason}). Give a path in a folder that exists and can be written.`,
      { cause, details: { path } },
    );
    this.path = path;
  }
}
