import { type ToolContext, type ToolResult, toolDenied, toolFailure } from '@orkeon/core';
import { z } from 'zod';
import { childEnvironment } from './child-environment.js';
import { type CommandAllowlist, describeAllowlist } from './command-allowlist.js';
import { parseCommandLine } from './command-line.js';
import { safeSearchPath } from './command-name.js';
import { refusedGitInvocation } from './git-guard.js';
import { prepareReadOnlyGit } from './git-hardening.js';
import { refusedOption } from './option-guards.js';
import { createOutputRewriter } from './output-rewriter.js';
import { mapPathArguments } from './path-arguments.js';
import { runProcess } from './run-process.js';
import { describeProcessResult, type ShellLimits } from './shell-result.js';
import { resolveWorkingDirectory } from './working-directory.js';

export const shellCommandInput = z.strictObject({
  command: z
    .string()
    .min(1)
    .describe(
      'One command line, e.g. `grep -n "TODO" /workspace/src/app.ts`. Paths are virtual paths. No pipes, redirection, chaining, variables or globs.',
    ),
  cwd: z
    .string()
    .min(1)
    .optional()
    .describe('Virtual directory to run in. Default: the first mount agents may write to, else the first mount.'),
});

export type ShellCommandInput = z.output<typeof shellCommandInput>;

export interface ShellPolicy {
  readonly allowlist: CommandAllowlist;
  readonly limits: ShellLimits;
}

/**
 * One call of `shell_command`, each step able to refuse before anything runs:
 * split the line (no shell operators), check the program against the list and,
 * in read-only mode, its options; find the working directory; map every path
 * argument through the virtual file system; harden git; then run the program with
 * a clean environment and limits, and rewrite its output to virtual paths.
 */
export async function runShellCommand(
  input: ShellCommandInput,
  context: ToolContext,
  policy: ShellPolicy,
): Promise<ToolResult> {
  const { vfs, signal, logger } = context;
  const { allowlist, limits } = policy;
  const parsed = parseCommandLine(input.command);
  if (!parsed.ok) return toolFailure(parsed.reason);
  const [program, ...args] = parsed.argv;
  if (program === undefined) {
    return toolFailure('The command is empty: write a program and its arguments, e.g. `ls /workspace`.');
  }
  const allowed = `Allowed: ${describeAllowlist(allowlist)}. An operator can add commands with Svc:Tools:Shell:ExtraAllowedCommands.`;
  if (program.includes('/')) {
    return toolDenied(
      `Command '${vfs.redact(vfs.toVirtualText(program))}' must be a bare command name such as 'ls', not a path. ${allowed}`,
    );
  }
  if (!allowlist.commands.includes(program)) return toolDenied(`Command '${program}' is not allowed. ${allowed}`);
  if (allowlist.readOnly) {
    const refused = program === 'git' ? refusedGitInvocation(args) : refusedOption(program, args);
    if (refused !== undefined) return toolDenied(refused);
  }

  const cwd = await resolveWorkingDirectory(vfs, input.cwd);
  if (!cwd.ok) return cwd.denied ? toolDenied(cwd.message) : toolFailure(cwd.message);
  const mapped = await mapPathArguments(args, vfs, cwd.value);
  if (!mapped.ok) return mapped.denied ? toolDenied(mapped.message) : toolFailure(mapped.message);

  const rewriter = await createOutputRewriter(vfs);
  let env = childEnvironment(cwd.value.physicalPath);
  let finalArgs = mapped.args;
  let dispose = async () => {};
  if (program === 'git' && allowlist.readOnly) {
    const prepared = await prepareReadOnlyGit(mapped.args, env, cwd.value);
    if (!prepared.ok) {
      const message = rewriter.toAgentText(prepared.message);
      return prepared.denied ? toolDenied(message) : toolFailure(message);
    }
    ({ env, args: finalArgs, dispose } = prepared.invocation);
  }

  const startedAt = Date.now();
  const run = await runProcess({
    program,
    args: finalArgs,
    cwd: cwd.value.physicalPath,
    env,
    timeoutMilliseconds: limits.timeoutSeconds * 1_000,
    maxOutputCharacters: limits.maxOutputCharacters,
    signal,
  }).finally(dispose);
  if (!run.started) {
    return toolFailure(
      run.code === 'ENOENT'
        ? `Command '${program}' is allowed but was not found on PATH (${safeSearchPath}).`
        : `Command '${program}' could not be started: ${rewriter.toAgentText(run.message)}`,
    );
  }
  logger.debug(
    {
      program,
      cwd: cwd.value.virtualPath,
      exitCode: run.result.exitCode,
      stoppedBecause: run.result.stoppedBecause,
      durationMilliseconds: Date.now() - startedAt,
    },
    'shell_command finished',
  );
  return describeProcessResult(run.result, rewriter, limits);
}
