import { lstat, readFile, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';

/** Where a repository's parts are, every one a real path inside the mount. */
export interface GitRepository {
  /** The folder holding `.git`: git's work tree, pinned so `core.worktree` cannot move it. */
  readonly workTree: string;
  /** The per-work-tree git directory (HEAD, index). */
  readonly gitDir: string;
  /** The shared git directory (objects, refs, config): `gitDir` itself unless this is a linked work tree. */
  readonly commonDir: string;
}

export type RepositoryLookup =
  | { readonly ok: true; readonly repository: GitRepository | undefined }
  | { readonly ok: false; readonly message: string };

/**
 * Finds the repository git would use, the way git looks for it, but without
 * git: from `cwd` up to the mount root, the first `.git` (a folder, or a file
 * saying `gitdir: …`). `undefined` when there is none: then git runs with no
 * repository at all, so one created after this look cannot be picked up.
 *
 * Each part git reads is resolved (links followed) and must lie inside the
 * mount; the paths handed to git are those real paths, so nothing the
 * repository's files say later can move them.
 */
export async function findRepository(cwd: string, mountRoot: string): Promise<RepositoryLookup> {
  for (let folder = cwd; ; folder = dirname(folder)) {
    const dotGit = join(folder, '.git');
    const stats = await lstat(dotGit).catch(() => undefined);
    if (stats !== undefined) return locate(folder, dotGit, stats.isFile(), mountRoot);
    if (folder === mountRoot || dirname(folder) === folder) return { ok: true, repository: undefined };
  }
}

async function locate(workTree: string, dotGit: string, isFile: boolean, mountRoot: string): Promise<RepositoryLookup> {
  let gitDirPath = dotGit;
  if (isFile) {
    const text = await readFile(dotGit, 'utf8').catch(() => '');
    const pointer = /^gitdir: *(.+?)\s*$/m.exec(text)?.[1];
    if (pointer === undefined) return outside('its .git file does not say where the repository is (gitdir: …)');
    gitDirPath = isAbsolute(pointer) ? pointer : resolve(workTree, pointer);
  }
  const gitDir = await confined(gitDirPath, mountRoot);
  if (gitDir === undefined)
    return outside('its git directory lies outside the mount (a .git file or link pointing elsewhere)');
  const pointer = (await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => '')).trim();
  const commonDir = pointer === '' ? gitDir : await confined(resolve(gitDir, pointer), mountRoot);
  if (commonDir === undefined) return outside('it is a linked work tree of a repository outside the mount');
  return { ok: true, repository: { workTree, gitDir, commonDir } };
}

/** The real path of `path` when it exists and lies inside `root`. */
export async function confined(path: string, root: string): Promise<string | undefined> {
  const real = await realpath(path).catch(() => undefined);
  return real !== undefined && (real === root || real.startsWith(`${root}${sep}`)) ? real : undefined;
}

function outside(why: string): RepositoryLookup {
  return { ok: false, message: `git is not allowed here: ${why}.` };
}
