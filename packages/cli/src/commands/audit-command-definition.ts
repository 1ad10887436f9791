import type { CliCommand } from '../cli-command.js';

/** `orkeon audit`: its options and help; the trail is opened only when the verb runs. */
export const auditCommand: CliCommand = {
  name: 'audit',
  summary: 'show the audit trail: tool calls and what the Guardian and the permission gate decided',
  configure(command) {
    command
      .option('--since <duration>', 'only records this recent: 30m, 24h, 7d, 2w, or an ISO date')
      .option('--outcome <outcome>', 'only this outcome: success, failure or blocked')
      .option('--kind <kind>', 'only this kind: tool, guardian, permission or dlp')
      .option('--limit <count>', 'at most this many records, newest first (default 100)')
      .option('--state <file>', 'the state database (default: .orkeon/state.db in this folder)')
      .option('--json', 'print the records as JSON')
      .addHelpText(
        'after',
        '\nRecords name the tool, agent, crew, task and run, never the arguments. With\nSvc:Checkpointing:Postgres:ConnectionString set, the trail is read from PostgreSQL.\nExamples:\n  orkeon audit --since 24h --outcome blocked\n  orkeon audit --state examples/quickstart/.orkeon/state.db --json',
      );
  },
  run: async (context, command) => (await import('./audit-command.js')).auditAction.run(context, command),
};
