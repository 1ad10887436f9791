import type { CliCommand } from './cli-command.js';
import { ExitCode } from './exit-codes.js';
import { builtInCommands, runCli } from './run-cli.js';

/** How long a command may take to stop after Ctrl+C (servers drain running work) before the process exits anyway. */
const forceExitAfterMilliseconds = 30_000;

/**
 * The `orkeon` process: runs the command line with Ctrl+C wired to an abort signal
 * and sets the exit code. A second Ctrl+C, or a command still running 30 s after
 * the first, ends the process at once with 130. SIGTERM stops it the same way.
 */
export async function main(argv: readonly string[], commands: readonly CliCommand[] = builtInCommands): Promise<void> {
  const interrupt = new AbortController();
  const onInterrupt = () => {
    if (interrupt.signal.aborted) process.exit(ExitCode.interrupted);
    interrupt.abort(new Error('interrupted'));
    setTimeout(() => process.exit(ExitCode.interrupted), forceExitAfterMilliseconds).unref();
  };
  process.on('SIGINT', onInterrupt);
  // A service manager stops `orkeon serve` with SIGTERM: the same orderly stop as Ctrl+C.
  process.on('SIGTERM', onInterrupt);
  // `orkeon doctor | head` closes the pipe early: that is the reader's choice, not a failure.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.ok);
      throw error;
    });
  }
  try {
    process.exitCode = await runCli(argv, { signal: interrupt.signal, commands });
  } finally {
    process.off('SIGINT', onInterrupt);
    process.off('SIGTERM', onInterrupt);
  }
}
