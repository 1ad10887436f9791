import type { ShellSettings } from './shell-settings.js';

/** Programs that only look: the list when nothing is configured. */
export const defaultCommands: readonly string[] = ['cat', 'echo', 'git', 'grep', 'ls', 'pwd', 'wc', 'which'];

/** Programs that can run arbitrary code (`find` through `-exec`); only `AllowInterpreters` adds them. */
export const interpreterCommands: readonly string[] = ['node', 'dotnet', 'npm', 'find'];

/** The git subcommands that never change a repository. */
export const readOnlyGitSubcommands: readonly string[] = ['status', 'log', 'diff', 'show'];

export interface CommandAllowlist {
  /** Allowed program names, sorted. */
  readonly commands: readonly string[];
  /**
   * True unless interpreters are in force: git runs only its read-only
   * subcommands, hardened, and options that follow links or write are refused.
   */
  readonly readOnly: boolean;
  /** `AllowInterpreters` is in force (it is set and `AllowedCommands` does not cancel it). */
  readonly interpretersEnabled: boolean;
  /** `AllowedCommands` replaced the defaults. */
  readonly replaced: boolean;
}

/**
 * The allowed programs: `AllowedCommands` when it is not empty (it cancels
 * `AllowInterpreters`), else the defaults plus the interpreters when
 * `AllowInterpreters` is set; `ExtraAllowedCommands` is added in both cases. An
 * empty configuration therefore means the defaults, never an empty list.
 */
export function buildCommandAllowlist(settings: ShellSettings): CommandAllowlist {
  const replaced = settings.AllowedCommands.length > 0;
  const interpretersEnabled = !replaced && settings.AllowInterpreters;
  const base = replaced
    ? settings.AllowedCommands
    : [...defaultCommands, ...(interpretersEnabled ? interpreterCommands : [])];
  const commands = [...new Set([...base, ...settings.ExtraAllowedCommands])].sort();
  return { commands, readOnly: !interpretersEnabled, interpretersEnabled, replaced };
}

/** `cat, echo, git (status, log, diff, show only), grep`: the list as denial messages show it. */
export function describeAllowlist(allowlist: CommandAllowlist): string {
  return allowlist.commands
    .map((command) =>
      command === 'git' && allowlist.readOnly ? `git (${readOnlyGitSubcommands.join(', ')} only)` : command,
    )
    .join(', ');
}
