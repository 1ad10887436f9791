import type { CliCommand } from '../cli-command.js';

/**
 * `orkeon init`: its arguments, options and help. The implementation (the templates, the
 * provider catalogue, the questions) is imported only when the verb runs, so `orkeon --version`
 * and `orkeon init --help` start without it.
 */
export const initCommand: CliCommand = {
  name: 'init',
  summary: 'create a project: a YAML crew, its own TypeScript tool, settings and a README, ready to run',
  configure(command) {
    command
      .argument('[dir]', 'the folder to create the project in, made when missing (default: the working directory)')
      .option(
        '-p, --provider <name>',
        'the model: echo (offline, no key) or a provider of docs/models.md (openai, anthropic, ollama, …); without it, asked on a terminal, else echo',
      )
      .option(
        '--model <id>',
        "the model id, with --provider (default: the provider's default model; Azure: the deployment)",
      )
      .option('--base-url <url>', "the provider's endpoint, with --provider (default: its own; Azure: required)")
      .addHelpText(
        'after',
        '\nExamples:\n  orkeon init my-crew                                 # asks for the model on a terminal, else the echo model\n  orkeon init my-crew --provider echo                 # the offline echo model, no key\n  orkeon init my-crew --provider openai --model gpt-5 # the key then comes from SVC_Llm__ApiKey\n  cd my-crew && orkeon run . -V topic=octopuses\nIt writes crew.yaml, tools/text-stats.mts, appsettings.json, .gitignore and README.md, and overwrites nothing:\nwhen one of them exists, it writes none.\nExit codes: 0 created, 1 a bad option or a file in the way (nothing written), 130 interrupted.',
      );
  },
  run: async (context, command) => (await import('./init-command.js')).initAction.run(context, command),
};
