import { readOnlyGitSubcommands } from './command-allowlist.js';

/**
 * Options refused anywhere after a read-only git subcommand. `--output` writes a
 * file; `--ext-diff` and `--textconv` run programs named in the repository's
 * configuration; `--exec…` and `--upload-pack` name programs to run;
 * `--ignore-submodules` would undo the setting that keeps git out of submodules,
 * whose configuration is not checked. Git does not accept abbreviations of these
 * (its diff options are parsed with unknown options kept), so whole names suffice.
 */
const refusedGitOptions: readonly { readonly matches: (arg: string) => boolean; readonly why: string }[] = [
  { matches: (arg) => arg === '--output' || arg.startsWith('--output='), why: 'it writes a file' },
  { matches: (arg) => arg === '--ext-diff', why: 'it runs an external diff program' },
  { matches: (arg) => arg === '--textconv', why: 'it runs text conversion programs' },
  { matches: (arg) => arg.startsWith('--exec'), why: 'it names a program to run' },
  {
    matches: (arg) => arg.startsWith('--upload-pack') || arg.startsWith('--receive-pack'),
    why: 'it names a program to run',
  },
  {
    matches: (arg) => arg === '--ignore-submodules' || arg.startsWith('--ignore-submodules='),
    why: 'submodules stay ignored in read-only mode',
  },
];

/**
 * Why a git invocation is refused in read-only mode, or `undefined`. The first
 * argument must be one of the read-only subcommands, with no option before it:
 * `-c`, `-C`, `--git-dir`, `--work-tree`, `--exec-path` or `--config-env` there
 * would change which repository, configuration or programs git uses.
 */
export function refusedGitInvocation(args: readonly string[]): string | undefined {
  const allowed = readOnlyGitSubcommands.join(', ');
  const [subcommand, ...rest] = args;
  if (subcommand === undefined) return `git needs a subcommand; the allowed ones are ${allowed}.`;
  if (subcommand.startsWith('-')) {
    return `git options before the subcommand ('${subcommand}') are not allowed; write 'git <subcommand> [options]' with one of ${allowed}.`;
  }
  if (!readOnlyGitSubcommands.includes(subcommand)) {
    return `git ${subcommand} is not allowed: only the read-only subcommands ${allowed} are.`;
  }
  for (const arg of rest) {
    const refused = refusedGitOptions.find((option) => option.matches(arg));
    if (refused !== undefined) {
      return `Option '${arg.split('=', 1)[0]}' of git ${subcommand} is not allowed: ${refused.why}.`;
    }
  }
  return undefined;
}
