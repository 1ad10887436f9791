import type { Command } from 'commander';
import type { CliContext } from './cli-context.js';
import type { ExitCode } from './exit-codes.js';

/** One verb of the `orkeon` command. */
export interface CliCommand {
  readonly name: string;
  readonly summary: string;
  /** Declares the verb's arguments, options and help text. */
  configure(command: Command): void;
  /** Runs the verb; returns its exit code (default 0). Throwing maps to 1 for usage and configuration errors, else 2. */
  run(context: CliContext, command: Command): Promise<ExitCode | undefined>;
}
