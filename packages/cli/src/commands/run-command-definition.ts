import type { CliCommand } from '../cli-command.js';

/**
 * `orkeon run`: its arguments, options and help. The implementation (the runtime,
 * the providers, the stores, telemetry) is imported only when the verb runs, so
 * `orkeon --version` and `orkeon run --help` start without it.
 */
export const runCommand: CliCommand = {
  name: 'run',
  summary: 'run a crew (YAML file or folder, or a TypeScript module) or a procedural script',
  configure(command) {
    command
      .argument('<crew>', 'crew.yaml, a crew folder, crew.ts, or a script')
      .option('-m, --mount <mount...>', 'physical:virtual:rights[;subpath:rights] (repeatable), e.g. ./out:/output:rw')
      .option('-V, --var <key=value...>', 'a value for a {KEY} placeholder of a YAML crew (repeatable)')
      .option('--validate', 'load the crew and resolve its tools, without calling a model')
      .option('--list-tools', 'list the tools agents can use, then exit')
      .option('--events <format>', 'write one JSON event per line on standard output (format: jsonl)')
      .option('--stream', 'with --events jsonl, also write llm.delta events with the streamed model text')
      .option(
        '--client <name>',
        "with --events jsonl, the run's event hub client: mailbox client://<name> (default cli)",
      )
      .option('--resume', 'continue the latest unfinished run of this crew, reusing completed tasks')
      .option('--state <file>', 'checkpoint database (default: .orkeon/state.db beside the crew)')
      .option('--thread <id>', 'continue this conversation: the agents see its earlier runs, and this run joins it')
      .option('--resource <id>', "whose conversation --thread names (a user or tenant id; default 'default')")
      .option(
        '--rerun-on <server-id:uri...>',
        "run the crew again each time this MCP server's resource changes, until Ctrl+C (repeatable)",
      )
      .addHelpText(
        'after',
        '\nExamples:\n  orkeon run examples/quickstart -V topic=octopuses\n  orkeon run crew.yaml --mount ./out:/output:rw --events jsonl --stream\n  orkeon run crew.yaml --resume\n  orkeon run chat.yaml --thread trip-1 -V message="And the day after?"\n  orkeon run crew.yaml --rerun-on docs:notes://today\nExit codes: 0 done, 1 bad crew or settings, 2 the crew failed, 130 interrupted.',
      );
  },
  run: async (context, command) => (await import('./run-command.js')).runAction.run(context, command),
};
