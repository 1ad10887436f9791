import type { Command } from 'commander';
import type { CliContext } from './cli-context.js';
import type { ExitCode } from './exit-codes.js';

/** One verb of the `orkeon` command. */
export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  /**
   * Declares the verb's arguments, options and help text. It runs on every start,
   * `--version` and `--help` included, so it must not need any heavy module.
   */
  configure(command: Command): void;
  /**
   * Runs the verb; returns its exit code (default 0). Throwing maps to 1 for usage and configuration errors, else 2.
   * A built-in verb imports its implementation here, with `import()`, so that only the verb that runs loads it.
   */
  run(context: CliContext, command: Command): Promise<ExitCode | undefined>;
  /** A verb group (`orkeon mcp serve`): its verbs; the group's own `run` is then never called. */
  readonly subcommands?: readonly CliCommand[];
}

/** What a verb does once chosen: the part of a `CliCommand` that is loaded on demand. */
export type CliCommandAction = Pick<CliCommand, 'run'>;
