// Every start loads this file, `--version` and `--help` included: it imports only
// commander and the verbs' definitions. `@orkeon/core` and the verbs' implementations
// are imported with `import()` when a verb runs or fails (see docs/development.md).
import { Command, CommanderError, Option } from 'commander';
import type { CliCommand } from './cli-command.js';
import {
  type CliIo,
  createCliContext,
  type GlobalOptions,
  type LogFormat,
  logFormats,
  showsStacks,
} from './cli-context.js';
import { auditCommand } from './commands/audit-command-definition.js';
import { complianceCommand } from './commands/compliance-command-definition.js';
import { doctorCommand } from './commands/doctor-command-definition.js';
import { evalCommand } from './commands/eval-command-definition.js';
import { initCommand } from './commands/init-command-definition.js';
import { keysCommand } from './commands/keys-command-definition.js';
import { mcpCommand } from './commands/mcp-command-definition.js';
import { runCommand } from './commands/run-command-definition.js';
import { serveCommand } from './commands/serve-command-definition.js';
import { studioCommand } from './commands/studio-command-definition.js';
import { ExitCode } from './exit-codes.js';
import { failureLine, failureOf } from './failure-line.js';
import { cliVersion } from './version.js';

/** Errors that mean the input was wrong (a bad crew, mount or tool name), not that the run failed: exit 1. */
const usageErrorCodes = new Set([
  'CREW_INVALID',
  'CREW_PROCESS_UNSUPPORTED',
  'MOUNT_INVALID',
  'TOOL_UNKNOWN',
  'TOOL_NAME_DUPLICATE',
  'LLM_PROVIDER_UNKNOWN',
  'CONVERSATION_ID_INVALID',
  'MEMORY_PROVIDER_UNKNOWN',
  'PLUGIN_LOAD_FAILED',
  'PLUGIN_EXPORT_INVALID',
  'PLUGIN_SETTINGS_UNKNOWN',
  'EVALUATION_DATASET_INVALID',
  'EVALUATION_CONFIG_INVALID',
  'EVALUATION_REPORT_INVALID',
  'STUDIO_UNSAFE_BINDING',
]);

/** The verbs of `orkeon`, in help order. */
export const builtInCommands: readonly CliCommand[] = [
  initCommand,
  runCommand,
  evalCommand,
  serveCommand,
  studioCommand,
  mcpCommand,
  auditCommand,
  complianceCommand,
  keysCommand,
  doctorCommand,
];

export interface RunCliOptions {
  io?: Partial<CliIo>;
  /** Aborted on Ctrl+C by the `orkeon` binary. */
  signal?: AbortSignal;
  /** The verbs to offer; defaults to the built-in ones. */
  commands?: readonly CliCommand[];
}

/**
 * Runs the `orkeon` command line and returns its exit code: 0 ok, 1 usage or
 * configuration error, 2 run failed, 130 interrupted. Never calls `process.exit`.
 */
export async function runCli(argv: readonly string[], options: RunCliOptions = {}): Promise<ExitCode> {
  const io: CliIo = {
    stdout: options.io?.stdout ?? process.stdout,
    stderr: options.io?.stderr ?? process.stderr,
    environment: options.io?.environment ?? process.env,
    workingDirectory: options.io?.workingDirectory ?? process.cwd(),
  };
  const signal = options.signal ?? new AbortController().signal;
  const commands = options.commands ?? builtInCommands;
  let exitCode: ExitCode = ExitCode.ok;
  let verbose = 0;

  const program = new Command('orkeon')
    .description('Orkeon: agent teams for Node.js, inside a declared boundary.')
    .version(cliVersion, '--version', 'print the version')
    .option('-s, --settings <file>', 'settings file (default: appsettings.json in the working directory)')
    .option(
      '--set <key=value>',
      'a setting with the highest precedence, e.g. --set Llm:Model=gpt-5 (repeatable)',
      collect,
      [],
    )
    .option(
      '-v, --verbose',
      'more logs on standard error: -v info (and error stacks), -vv debug, -vvv trace',
      (_, count: number) => count + 1,
      0,
    )
    .addOption(
      new Option(
        '--log-format <format>',
        'log lines on standard error: auto (readable on a terminal, JSON otherwise), json or pretty',
      ).choices(logFormats),
    )
    .helpOption('-h, --help', 'show help')
    .addHelpCommand('help [command]', 'show help for a command')
    .addHelpText(
      'after',
      '\nExit codes: 0 ok, 1 usage or configuration error, 2 run failed, 130 interrupted.\nSettings: appsettings.json, then SVC_ environment variables (SVC_Llm__Model), then --set.',
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: () => {
        // Reported below in Orkeon's own words.
      },
    })
    .showSuggestionAfterError(true);

  const attach = (parent: Command, definition: CliCommand): void => {
    const command = parent.command(definition.name).description(definition.summary);
    definition.configure(command);
    if (definition.subcommands !== undefined) {
      for (const subcommand of definition.subcommands) attach(command, subcommand);
      return;
    }
    command.action(async (...actionArguments: unknown[]) => {
      const self = actionArguments.at(-1) as Command;
      const globals = readGlobals(self);
      verbose = globals.verbose;
      const context = createCliContext(io, globals, signal);
      exitCode = (await definition.run(context, self)) ?? ExitCode.ok;
    });
  };
  for (const definition of commands) attach(program, definition);

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    exitCode = await reportFailure(error, io, program, verbose || countVerbose(argv), signal);
  }
  return signal.aborted ? ExitCode.interrupted : exitCode;
}

async function reportFailure(
  error: unknown,
  io: CliIo,
  program: Command,
  verbose: number,
  signal: AbortSignal,
): Promise<ExitCode> {
  if (error instanceof CommanderError) {
    if (error.exitCode === 0 || error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
      return ExitCode.ok;
    }
    if (error.code === 'commander.help') return ExitCode.usage; // `orkeon` with no command: help went to stderr
    const message = error.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
    const names = [...program.commands.map((command) => command.name()), 'help'];
    const list = error.code === 'commander.unknownCommand' ? ` Commands: ${names.join(', ')}.` : '';
    io.stderr.write(
      `orkeon: CLI_USAGE_INVALID: ${message}.${list} Run 'orkeon --help' for usage.\n`.replace('..', '.'),
    );
    return ExitCode.usage;
  }
  if (signal.aborted) return ExitCode.interrupted;
  // Loaded now, not at start; a command that failed has almost always loaded them already.
  const [core, usage] = await Promise.all([import('@orkeon/core'), import('./usage-error.js')]).catch(() => []);
  // Every line names its code (docs/errors.md), so that a person can look it up.
  if (core?.ConfigurationError.isInstance(error)) {
    for (const problem of error.problems) io.stderr.write(`orkeon: ${error.code}: ${problem.message}\n`);
    return ExitCode.usage;
  }
  if (usage?.UsageError.isInstance(error) || (core?.OrkeonError.isInstance(error) && usageErrorCodes.has(error.code))) {
    for (const line of error.message.split('\n')) io.stderr.write(`orkeon: ${error.code}: ${line}\n`);
    return ExitCode.usage;
  }
  if (showsStacks(verbose, io.environment) && error instanceof Error && error.stack !== undefined)
    io.stderr.write(`${error.stack}\n`);
  const { code, reason } = failureOf(error, core?.OrkeonError.isInstance(error) === true);
  io.stderr.write(failureLine(code, reason));
  return ExitCode.runFailed;
}

function readGlobals(command: Command): GlobalOptions {
  const options = command.optsWithGlobals<{
    settings?: string;
    set?: string[];
    verbose?: number;
    logFormat?: string;
  }>();
  return {
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.logFormat === undefined ? {} : { logFormat: options.logFormat as LogFormat }),
    set: options.set ?? [],
    verbose: options.verbose ?? 0,
  };
}

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function countVerbose(argv: readonly string[]): number {
  return argv.reduce((count, argument) => {
    if (argument === '--verbose') return count + 1;
    return /^-v+$/.test(argument) ? count + argument.length - 1 : count;
  }, 0);
}
