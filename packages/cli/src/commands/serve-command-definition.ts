import type { CliCommand } from '../cli-command.js';

/**
 * `orkeon serve`: its arguments, options and help. The implementation (the A2A
 * server, the providers, the stores) is imported only when the verb runs.
 */
export const serveCommand: CliCommand = {
  name: 'serve',
  summary: "serve a crew's agents to other agents over A2A, each agent a skill (experimental SVCEXP001)",
  configure(command) {
    command
      .argument('<crew>', 'crew.yaml, a crew folder, or crew.ts')
      .option('-m, --mount <mount...>', 'physical:virtual:rights[;subpath:rights] (repeatable)')
      .option('-V, --var <key=value...>', 'a value for a {KEY} placeholder of a YAML crew (repeatable)')
      .option('--no-persistence', 'keep no task records (GET /a2a/tasks/{id} then answers 501)')
      .option('--state <file>', 'task records database (default: .orkeon/state.db beside the crew)')
      .option('--studio', 'also serve Studio at /studio/ on the same server: start, watch and cancel runs of the crew')
      .addHelpText(
        'after',
        '\nListens on A2A:Host:A2A:Port (default localhost:5002), HTTPS with A2A:CertificatePath and A2A:CertificateKeyPath.\nExample:\n  orkeon serve examples/quickstart -V topic=octopuses --set A2A:Port=5002\n  curl -s localhost:5002/.well-known/agent.json',
      );
  },
  run: async (context, command) => (await import('./serve-command.js')).serveAction.run(context, command),
};
