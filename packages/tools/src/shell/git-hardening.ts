import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { createPrivateCommonDir } from './git-common-dir.js';
import { confined, findRepository, type GitRepository } from './git-repository.js';
import { trackingSettings } from './git-tracking.js';
import type { WorkingDirectory } from './working-directory.js';

/**
 * Settings given to git as command-scope configuration, which beats every file:
 * nothing git can run (fsmonitor, hooks, external diff, pager, editors, ssh,
 * credential and signature programs, proxy commands), no network, no submodule
 * recursion, no writes behind the agent's back, and no attributes file from
 * HOME (the working directory). The repository's own config is not read at all
 * (see `createPrivateCommonDir`); these hold even for keys git reads elsewhere.
 */
export const gitSafetyConfig: readonly (readonly [string, string])[] = [
  ['core.fsmonitor', 'false'],
  ['core.hooksPath', '/dev/null'],
  ['core.pager', 'cat'],
  ['core.editor', 'false'],
  ['sequence.editor', 'false'],
  ['core.askPass', ''],
  ['core.sshCommand', 'false'],
  ['core.gitProxy', ''],
  ['core.alternateRefsCommand', ''],
  ['core.attributesFile', '/dev/null'],
  ['core.untrackedCache', 'false'],
  ['credential.helper', ''],
  ['diff.external', ''],
  ['diff.ignoreSubmodules', 'all'],
  ['submodule.recurse', 'false'],
  ['protocol.allow', 'never'],
  ['uploadpack.packObjectsHook', ''],
  ['gpg.program', 'false'],
  ['gpg.ssh.program', 'false'],
  ['gpg.x509.program', 'false'],
  ['log.showSignature', 'false'],
  ['gc.auto', '0'],
  ['maintenance.auto', 'false'],
];

/** Subcommands that compare content, where diff drivers and text conversion would run programs. */
const diffingSubcommands = new Set(['diff', 'log', 'show']);

export interface GitInvocation {
  readonly args: string[];
  readonly env: Record<string, string>;
  /** Removes what was made for this command; call it once the command has ended. */
  dispose(): Promise<void>;
}

export type GitPreparation =
  | { readonly ok: true; readonly invocation: GitInvocation }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

/**
 * Turns a read-only git command (already checked and path-mapped, subcommand
 * first) into one whose configuration the agent cannot influence. Instead of
 * checking the repository's files and hoping they stay as checked, git is told
 * where everything is: `GIT_DIR`, `GIT_WORK_TREE` and the index are pinned to
 * real paths inside the mount, `GIT_COMMON_DIR` points at a private directory
 * whose `config` this process wrote, and the safety settings come through the
 * environment. Without a repository, `GIT_DIR=/dev/null` keeps git from finding
 * one made after the look.
 */
export async function prepareReadOnlyGit(
  args: readonly string[],
  baseEnv: Readonly<Record<string, string>>,
  cwd: WorkingDirectory,
): Promise<GitPreparation> {
  const lookup = await findRepository(cwd.physicalPath, cwd.mountRootPhysicalPath);
  if (!lookup.ok) return { ok: false, denied: true, message: lookup.message };
  const [subcommand = '', ...rest] = args;
  const noPrograms = diffingSubcommands.has(subcommand) ? ['--no-ext-diff', '--no-textconv'] : [];
  const finalArgs = [subcommand, ...noPrograms, ...rest];
  const env: Record<string, string> = {
    ...baseEnv,
    GIT_OPTIONAL_LOCKS: '0',
    GIT_NO_LAZY_FETCH: '1',
    GIT_NO_REPLACE_OBJECTS: '1',
    GIT_ATTR_NOSYSTEM: '1',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_PROTOCOL_FROM_USER: '0',
  };
  const repository = lookup.repository;
  if (repository === undefined) {
    return {
      ok: true,
      invocation: { args: finalArgs, env: withConfig({ ...env, GIT_DIR: '/dev/null' }, []), dispose: async () => {} },
    };
  }
  const common = await createPrivateCommonDir(repository.commonDir, cwd.mountRootPhysicalPath);
  if (!common.ok) return { ok: false, denied: true, message: common.message };
  const pinned = await pinnedLocations(repository, common.path, cwd.mountRootPhysicalPath);
  if (pinned === undefined) {
    await common.remove();
    return {
      ok: false,
      denied: true,
      message:
        'git is not allowed here: the index or HEAD of the repository is a symbolic link leading outside the mount.',
    };
  }
  const tracking = await trackingSettings(join(repository.commonDir, 'config'), env);
  return {
    ok: true,
    invocation: { args: finalArgs, env: withConfig({ ...env, ...pinned }, tracking), dispose: common.remove },
  };
}

async function pinnedLocations(
  repository: GitRepository,
  commonDir: string,
  mountRoot: string,
): Promise<Record<string, string> | undefined> {
  const pinned: Record<string, string> = {
    GIT_DIR: repository.gitDir,
    GIT_COMMON_DIR: commonDir,
    GIT_WORK_TREE: repository.workTree,
  };
  for (const name of ['index', 'HEAD']) {
    const path = join(repository.gitDir, name);
    if ((await lstat(path).catch(() => undefined)) === undefined) continue;
    const real = await confined(path, mountRoot);
    if (real === undefined) return undefined;
    if (name === 'index') pinned.GIT_INDEX_FILE = real;
  }
  return pinned;
}

/** Safety settings, then the repository's tracking settings, as `GIT_CONFIG_KEY_n` / `GIT_CONFIG_VALUE_n`. */
function withConfig(
  env: Record<string, string>,
  extra: readonly (readonly [string, string])[],
): Record<string, string> {
  const entries = [...gitSafetyConfig, ...extra];
  const config: Record<string, string> = { GIT_CONFIG_COUNT: String(entries.length) };
  entries.forEach(([key, value], index) => {
    config[`GIT_CONFIG_KEY_${index}`] = key;
    config[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return { ...env, ...config };
}
