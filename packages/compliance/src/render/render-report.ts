import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ComplianceReportFormatError, ComplianceReportWriteError } from '../compliance-errors.js';
import type { NistComplianceReport } from '../nist-compliance-report.js';
import {
  type ComplianceReportFormat,
  complianceReportFormats,
  reportFormatOfPath,
} from '../nist-compliance-settings.js';
import { renderReportHtml } from './report-html.js';
import { renderReportMarkdown } from './report-markdown.js';

/**
 * The report as text: `json` (the report object), `md` (Markdown) or `html` (one
 * self-contained page). Text from settings and records is escaped in the last two.
 *
 * @experimental SVCEXP007
 */
export function renderComplianceReport(report: NistComplianceReport, format: ComplianceReportFormat): string {
  if (!complianceReportFormats.includes(format)) throw new ComplianceReportFormatError(String(format));
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  return format === 'md' ? renderReportMarkdown(report) : renderReportHtml(report);
}

/**
 * Writes the report to `path` in `format` (default: the one its extension names), making its
 * folder. The file is written beside and then renamed, so a reader never sees half a report.
 *
 * @experimental SVCEXP007
 */
export async function writeComplianceReport(
  report: NistComplianceReport,
  path: string,
  format: ComplianceReportFormat | undefined = reportFormatOfPath(path),
): Promise<void> {
  if (format === undefined)
    throw new ComplianceReportFormatError(
      path,
      `The report file ${path} must end with .json, .md or .html: its extension picks the format.`,
    );
  const text = renderComplianceReport(report, format);
  const partial = `${path}.${process.pid}.partial`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(partial, text);
    await rename(partial, path);
  } catch (error) {
    throw new ComplianceReportWriteError(path, error);
  }
}
