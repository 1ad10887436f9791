import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  type ComplianceReportFormat,
  ComplianceReportWriteError,
  NistComplianceReporter,
  renderComplianceReport,
  reportFormatOfPath,
  writeComplianceReport,
} from '@orkeon/compliance';
import { type AuditTrail, auditSettings, type Configuration, InMemoryAuditTrail } from '@orkeon/core';
import { sqliteFileTables } from '@orkeon/store-sqlite';
import type { CliCommandAction } from '../cli-command.js';
import { ExitCode } from '../exit-codes.js';
import { openAuditTrail } from '../run/open-audit-trail.js';
import { postgresStoresFor } from '../run/postgres-stores.js';
import { UsageError } from '../usage-error.js';
import { sinceDate } from './audit-command.js';
import { compliancePackageSettings } from './compliance-package-settings.js';

interface ComplianceReportOptions {
  format?: ComplianceReportFormat;
  output?: string;
  state?: string;
  since?: string;
}

/**
 * What `orkeon compliance report` does: judges the 25 controls from the settings, as
 * `orkeon run` applies them, and from the audit trail the runs left in the state database
 * (or PostgreSQL), and prints or writes the report.
 */
export const complianceReportAction: CliCommandAction = {
  async run(context, command) {
    const options = command.opts<ComplianceReportOptions>();
    const cwd = context.io.workingDirectory;
    const output = options.output === undefined ? undefined : resolve(cwd, options.output);
    const format = options.format ?? (output === undefined ? 'md' : reportFormatOfPath(output));
    if (format === undefined)
      throw new UsageError(
        `--output ${options.output} names no report format: end it with .json, .md or .html, or give --format.`,
      );
    const since = options.since === undefined ? undefined : sinceDate(options.since, new Date());
    const configuration = await context.configuration();
    const trail = await openTrail(configuration, resolve(cwd, options.state ?? join('.orkeon', 'state.db')));
    try {
      const reporter = new NistComplianceReporter({
        configuration,
        packageSettings: compliancePackageSettings(configuration),
        environment: context.io.environment,
        ...(trail === undefined ? {} : { auditTrail: trail }),
      });
      const report = await reporter.generateReport(since === undefined ? {} : { since });
      if (output === undefined) {
        context.io.stdout.write(renderComplianceReport(report, format));
        return ExitCode.ok;
      }
      await writeComplianceReport(report, output, format).catch((error: unknown) => {
        // A path that cannot be written is the caller's to fix.
        throw ComplianceReportWriteError.isInstance(error) ? new UsageError(error.message) : error;
      });
      const { score } = report;
      context.io.stdout.write(
        `NIST SP 800-53: ${score.overallScore === null ? 'n/a' : `${score.overallScore.toFixed(1)} %`} (${score.implemented} implemented, ${score.partiallyImplemented} partially, ${score.notImplemented} not, ${score.notApplicable} not applicable); ${report.findings.length} finding(s). Written to ${output}.\n`,
      );
      return ExitCode.ok;
    } finally {
      await trail?.close();
    }
  },
};

type OpenedTrail = { trail: AuditTrail; description: string; durable: boolean; close(): Promise<void> };

/** The trail the runs write, as `orkeon audit` finds it; none when the settings turn the trail off. */
async function openTrail(configuration: Configuration, statePath: string): Promise<OpenedTrail | undefined> {
  if (!configuration.get(auditSettings).Enabled) return undefined;
  const postgres = await postgresStoresFor(configuration);
  if (postgres !== undefined) {
    const trail = openAuditTrail(configuration, statePath, postgres);
    return {
      trail,
      description: `postgresql schema ${postgres.schema}`,
      durable: true,
      close: () => trail.close(),
    };
  }
  // Reading must not create an empty database where none was: that would hide a wrong folder.
  if (!existsSync(statePath))
    throw new UsageError(
      `No state database at ${statePath}: runs write their audit trail there. Run orkeon compliance report in the crew's folder, or give --state <file>.`,
    );
  const tables = sqliteFileTables(statePath);
  if (!['sessions', 'documents', 'audit_records'].some((table) => tables.includes(table)))
    throw new UsageError(
      `${statePath} is not an Orkeon state database; give the .orkeon/state.db of a crew's folder with --state <file>.`,
    );
  const description = `sqlite ${statePath}`;
  // A state file from before the audit trail: no records yet, and the file is left as it is.
  if (!tables.includes('audit_records'))
    return { trail: new InMemoryAuditTrail(), description, durable: true, close: async () => {} };
  const trail = openAuditTrail(configuration, statePath, undefined);
  return { trail, description, durable: true, close: () => trail.close() };
}
