import type { CliCommand } from '../cli-command.js';

/**
 * `orkeon studio`: its arguments, options and help. The page's server and the runtime are
 * imported only when the verb runs.
 */
export const studioCommand: CliCommand = {
  name: 'studio',
  summary: 'open a local web page to start, watch and cancel runs of a crew (or of every crew in a folder)',
  configure(command) {
    command
      .argument('[crew-or-folder]', 'crew.yaml, a crew folder, or a folder whose subfolders hold crews', '.')
      .option('--host <host>', 'where to listen (default: Svc:Studio:Host, localhost); beyond loopback needs --token')
      .option('-p, --port <port>', 'the port, 0 for a free one (default: Svc:Studio:Port, 4000)')
      .option(
        '--token <secret>',
        'a secret every request must carry (default: Svc:Studio:Token); at least 16 characters',
      )
      .option(
        '--state <file>',
        'the state database whose runs History shows and where runs are recorded (default: .orkeon/state.db in the folder)',
      )
      .option('-m, --mount <mount...>', 'physical:virtual:rights[;subpath:rights] (repeatable), e.g. ./data:/data:ro')
      .addHelpText(
        'after',
        '\nPrints the address to open; Ctrl+C stops (runs still going are cancelled).\nExamples:\n  orkeon studio examples/quickstart\n  orkeon studio examples --port 0\n  SVC_Svc__Studio__Token=$(openssl rand -hex 16) orkeon studio . --host 0.0.0.0',
      );
  },
  run: async (context, command) => (await import('./studio-command.js')).studioAction.run(context, command),
};
