import type { CliCommand } from '../cli-command.js';

/**
 * `orkeon doctor`: its options and help. The checks (settings, providers) are
 * imported only when the verb runs.
 */
export const doctorCommand: CliCommand = {
  name: 'doctor',
  summary: 'check this set-up: Node, settings, installed packages, language model',
  configure(command) {
    command
      .option('--json', 'print the checks as JSON')
      .addHelpText(
        'after',
        '\nExits 1 when a check fails. Statuses: ok, info, warn, fail.\nExample:\n  orkeon doctor --settings ./appsettings.json --json',
      );
  },
  run: async (context, command) => (await import('./doctor-command.js')).doctorAction.run(context, command),
};
