import { Option } from 'commander';
import type { CliCommand } from '../cli-command.js';

/** `orkeon compliance report`: its options and help; the report is built only when the verb runs. */
const complianceReportCommand: CliCommand = {
  name: 'report',
  summary: 'a NIST SP 800-53 report (experimental): 25 controls judged from the settings and the audit trail',
  configure(command) {
    command
      .addOption(
        new Option(
          '--format <format>',
          'json (the report object), md or html (default: the --output extension, else md)',
        ).choices(['json', 'md', 'html']),
      )
      .option('--output <file>', 'write the report to this file instead of standard output')
      .option('--state <file>', 'the state database (default: .orkeon/state.db in this folder)')
      .option(
        '--since <duration>',
        'the audit period: 30m, 24h, 7d, 2w, or an ISO date (default: Svc:Compliance:PeriodDays)',
      )
      .addHelpText(
        'after',
        '\nThe settings are judged as orkeon run applies them; mounts given with --mount at run time are not seen\n(Svc:Compliance:ReportPath writes the report after each run, from the live runtime).\nWith Svc:Checkpointing:Postgres:ConnectionString set, the trail is read from PostgreSQL.\nExamples:\n  orkeon compliance report\n  orkeon compliance report --format html --output compliance.html --since 7d',
      );
  },
  run: async (context, command) =>
    (await import('./compliance-command.js')).complianceReportAction.run(context, command),
};

/** `orkeon compliance`: the verb group of compliance reports. */
export const complianceCommand: CliCommand = {
  name: 'compliance',
  summary: 'compliance reports built from the settings and the audit trail (NIST SP 800-53)',
  configure() {},
  run: async () => undefined,
  subcommands: [complianceReportCommand],
};
