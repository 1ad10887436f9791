import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** The formats a report is written in, chosen by the file's extension. @experimental SVCEXP007 */
export const complianceReportFormats = ['json', 'md', 'html'] as const;
/** @experimental SVCEXP007 */
export type ComplianceReportFormat = (typeof complianceReportFormats)[number];

/** The format a file name asks for (`report.html` → `html`), or `undefined`. @experimental SVCEXP007 */
export function reportFormatOfPath(path: string): ComplianceReportFormat | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(path)?.[1]?.toLowerCase();
  if (extension === 'markdown') return 'md';
  if (extension === 'htm') return 'html';
  return complianceReportFormats.find((format) => format === extension);
}

/**
 * `Svc:Compliance`: the NIST SP 800-53 report (reference brief §11, item 3).
 *
 * @experimental SVCEXP007
 */
export const nistComplianceSettings = defineSettingsSection(
  'Svc:Compliance',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe('Whether addSvcNistCompliance registers the NIST SP 800-53 reporter; false registers nothing.'),
    PeriodDays: z
      .number()
      .int()
      .min(1)
      .max(3650)
      .default(30)
      .describe('How many days of audit records a report reads, up to the time it is built.'),
    MaxRecords: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(10_000)
      .describe('Most audit records a report reads, newest first; the report says when the period holds more.'),
    MinimumRetentionDays: z
      .number()
      .int()
      .min(1)
      .max(36_500)
      .default(90)
      .describe(
        'The audit retention (Svc:Security:Audit:RetentionDays) that AU-11 asks for at least; your policy may ask for more.',
      ),
    ReportPath: z
      .string()
      .trim()
      .min(1)
      .refine((path) => reportFormatOfPath(path) !== undefined, {
        message: 'it must end with .json, .md or .html (the extension picks the format)',
      })
      .optional()
      .describe(
        'A file the report is written to after every run (relative paths from the working directory); its extension, .json, .md or .html, picks the format. Absent: no file is written.',
      ),
  }),
  { description: 'NIST SP 800-53 compliance reports (@orkeon/compliance, experimental), built from the audit trail.' },
);

/** @experimental SVCEXP007 */
export type NistComplianceSettings = SectionSettings<typeof nistComplianceSettings>;
