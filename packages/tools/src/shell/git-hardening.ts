import { readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, sep } from 'node:path';
import { runProcess } from './run-process.js';
import type { WorkingDirectory } from './working-directory.js';

/**
 * Configuration given on git's command line, which beats any file a repository
 * carries (and files in the mounts may have been written by an agent): no
 * fsmonitor or hook programs, no external diff or pager, no network transport
 * (a partial clone would otherwise fetch, possibly through `ext::` programs), no
 * signature programs, no submodule recursion, no automatic maintenance.
 */
export const gitSafetyConfig: readonly string[] = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'diff.external=',
  'core.pager=cat',
  'protocol.allow=never',
  'diff.ignoreSubmodules=all',
  'gpg.program=',
  'gpg.ssh.program=',
  'gpg.x509.program=',
  'log.showSignature=false',
  'gc.auto=0',
];

/** Subcommands that compare content, where diff drivers and text conversion would run programs. */
const diffingSubcommands = new Set(['diff', 'log', 'show']);

const preflightTimeoutMilliseconds = 10_000;
const preflightOutputCharacters = 64_000;

export interface GitInvocation {
  readonly args: string[];
  readonly env: Record<string, string>;
}

export type GitPreparation =
  | { readonly ok: true; readonly invocation: GitInvocation }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

/**
 * Turns a read-only git command (already checked and path-mapped, subcommand
 * first) into a hardened one. Git may only find a repository inside the working
 * directory's mount, and that repository's git directory (and object alternates)
 * must lie inside the mount too; filter drivers the repository configures (which
 * `status` and `diff` would run on changed files) are switched off by name.
 */
export async function prepareReadOnlyGit(
  args: readonly string[],
  baseEnv: Readonly<Record<string, string>>,
  cwd: WorkingDirectory,
  signal: AbortSignal | undefined,
): Promise<GitPreparation> {
  const env: Record<string, string> = {
    ...baseEnv,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_LAZY_FETCH: '1',
    // Git checks the mount's own folder but never climbs above it.
    GIT_CEILING_DIRECTORIES: dirname(cwd.mountRootPhysicalPath),
  };
  const safety = gitSafetyConfig.flatMap((entry) => ['-c', entry]);
  const preflight = (preflightArgs: readonly string[]) =>
    runProcess({
      program: 'git',
      args: [...safety, ...preflightArgs],
      cwd: cwd.physicalPath,
      env,
      timeoutMilliseconds: preflightTimeoutMilliseconds,
      maxOutputCharacters: preflightOutputCharacters,
      ...(signal === undefined ? {} : { signal }),
    });
  const [location, filters] = await Promise.all([
    preflight(['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir']),
    preflight(['config', '-z', '--name-only', '--get-regexp', '^filter\\.']),
  ]);
  // Git missing: the command itself will report it.
  if (!location.started || !filters.started) return { ok: true, invocation: finalInvocation(args, safety, env, []) };

  const interrupted = location.result.stoppedBecause ?? filters.result.stoppedBecause;
  if (interrupted !== undefined) {
    const why = interrupted === 'cancelled' ? 'the call was cancelled' : 'git did not answer in time';
    return { ok: false, denied: false, message: `git could not inspect the repository: ${why}.` };
  }

  const found = location.result;
  if (found.exitCode === 0) {
    const [gitDir, commonDir] = found.stdout.text.split('\n');
    const outside = await firstOutside([gitDir, commonDir], cwd.mountRootPhysicalPath);
    if (outside !== undefined) {
      return {
        ok: false,
        denied: true,
        message:
          'git is not allowed here: the repository keeps its data outside the mount (a .git file or worktree pointing elsewhere).',
      };
    }
    if (commonDir !== undefined && (await alternatesLeaveMount(commonDir, cwd.mountRootPhysicalPath))) {
      return {
        ok: false,
        denied: true,
        message:
          'git is not allowed here: the repository borrows objects from outside the mount (objects/info/alternates).',
      };
    }
  } else if (!/not a git repository/i.test(found.stderr.text)) {
    return { ok: false, denied: false, message: `git cannot use this repository: ${found.stderr.text.trim()}` };
  }

  const listed = filters.result;
  if (listed.exitCode !== 0 && listed.exitCode !== 1) {
    return {
      ok: false,
      denied: false,
      message: `git cannot read this repository's configuration: ${listed.stderr.text.trim()}`,
    };
  }
  const filterKeys = listed.exitCode === 0 ? listed.stdout.text.split('\0').filter((key) => key.length > 0) : [];
  return { ok: true, invocation: finalInvocation(args, safety, env, filterKeys) };
}

function finalInvocation(
  args: readonly string[],
  safety: readonly string[],
  env: Record<string, string>,
  filterKeys: readonly string[],
): GitInvocation {
  const [subcommand = '', ...rest] = args;
  const noPrograms = diffingSubcommands.has(subcommand) ? ['--no-ext-diff', '--no-textconv'] : [];
  // Keys go through the environment, not `-c`: a driver name may itself contain '='.
  const blanked: Record<string, string> = { GIT_CONFIG_COUNT: String(filterKeys.length) };
  filterKeys.forEach((key, index) => {
    blanked[`GIT_CONFIG_KEY_${index}`] = key;
    blanked[`GIT_CONFIG_VALUE_${index}`] = '';
  });
  return {
    args: [...safety, subcommand, ...noPrograms, ...rest],
    env: { ...env, ...(filterKeys.length > 0 ? blanked : {}) },
  };
}

async function firstOutside(paths: readonly (string | undefined)[], root: string): Promise<string | undefined> {
  for (const path of paths) {
    if (path === undefined || path === '') continue;
    if (!(await isInside(path, root))) return path;
  }
  return undefined;
}

async function alternatesLeaveMount(commonDir: string, root: string): Promise<boolean> {
  const objects = join(commonDir, 'objects');
  const text = await readFile(join(objects, 'info', 'alternates'), 'utf8').catch(() => '');
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'));
  for (const entry of entries) {
    if (!(await isInside(isAbsolute(entry) ? entry : join(objects, entry), root))) return true;
  }
  return false;
}

/** True when `path`, links resolved, is `root` or below it. A path that does not resolve counts as outside. */
async function isInside(path: string, root: string): Promise<boolean> {
  const real = await realpath(path).catch(() => undefined);
  return real !== undefined && (real === root || real.startsWith(`${root}${sep}`));
}
