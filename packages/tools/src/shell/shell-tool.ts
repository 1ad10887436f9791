import { createLogger, defineTool, type Logger, type Tool } from '@orkeon/core';
import {
  buildCommandAllowlist,
  type CommandAllowlist,
  describeAllowlist,
  interpreterCommands,
} from './command-allowlist.js';
import { runShellCommand, type ShellCommandInput, shellCommandInput } from './shell-command.js';
import { bindShellSettings, type ShellSettingsInput } from './shell-settings.js';

export const shellToolName = 'shell_command';

/** Room for the `exit code` line and block headings besides the two streams. */
const resultOverheadCharacters = 1_000;
/** The tool's own limit stops the process first; the pipeline's is only a backstop (git's checks run before). */
const pipelineTimeoutMarginMilliseconds = 15_000;

export interface ShellToolOptions {
  /** Receives the security warning of `AllowInterpreters`. Default: a logger writing to standard error. */
  logger?: Logger;
}

/**
 * The `shell_command` tool, configured by `Svc:Tools:Shell` (absent keys take their
 * defaults). Throws a `ConfigurationError` for a bad setting, such as a command
 * name with a '/' in `ExtraAllowedCommands`. When `AllowInterpreters` is in force
 * it logs one warning, here, because the agent can then run any code.
 */
export function createShellTool(
  settings: ShellSettingsInput = {},
  options: ShellToolOptions = {},
): Tool<ShellCommandInput> {
  const bound = bindShellSettings(settings);
  const allowlist = buildCommandAllowlist(bound);
  const logger = options.logger ?? createLogger();
  if (allowlist.interpretersEnabled) {
    logger.warn(
      { setting: 'Svc:Tools:Shell:AllowInterpreters', commands: allowlist.commands },
      `Svc:Tools:Shell:AllowInterpreters is true: shell_command may run ${interpreterCommands.join(', ')} (find with -exec) and git without limits. This is equivalent to remote code execution by the agent: it can run any code with this process's user rights, also outside the mounts. Enable it only in a disposable sandbox.`,
    );
  } else if (bound.AllowInterpreters && allowlist.replaced) {
    logger.info(
      { setting: 'Svc:Tools:Shell:AllowedCommands' },
      'Svc:Tools:Shell:AllowedCommands is set, so AllowInterpreters is ignored: only the listed commands run, and git stays read-only.',
    );
  }
  const limits = { timeoutSeconds: bound.TimeoutSeconds, maxOutputCharacters: bound.MaxOutputCharacters };
  return defineTool({
    name: shellToolName,
    description: describeShellTool(allowlist),
    input: shellCommandInput,
    access: 'Execute',
    maxResultCharacters: 2 * limits.maxOutputCharacters + resultOverheadCharacters,
    timeoutMilliseconds: limits.timeoutSeconds * 1_000 + pipelineTimeoutMarginMilliseconds,
    execute: (input, context) => runShellCommand(input, context, { allowlist, limits }),
  });
}

function describeShellTool(allowlist: CommandAllowlist): string {
  return [
    'Runs one program without a shell and returns its exit code, standard output and standard error.',
    `Allowed programs: ${describeAllowlist(allowlist)}.`,
    'Write one command line per call, e.g. `grep -n "TODO" /workspace/src/app.ts`. Quote with \'…\' or "…".',
    'Nothing is expanded: no pipes (|), redirection (>, <), chaining (;, &&), substitution ($(…), `…`), variables or globs (*).',
    'Paths are virtual paths inside the mounts; relative paths start from `cwd`.',
  ].join(' ');
}
