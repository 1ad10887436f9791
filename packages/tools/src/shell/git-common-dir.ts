import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { confined } from './git-repository.js';

/** Parts of a shared git directory that read-only commands need; everything else (config, hooks, modules) stays out. */
const linkedEntries = ['refs', 'packed-refs', 'logs', 'info', 'shallow'] as const;

export type PrivateCommonDir =
  | { readonly ok: true; readonly path: string; remove(): Promise<void> }
  | { readonly ok: false; readonly message: string };

/**
 * A private copy of a repository's shared git directory, made for one command in
 * the system's temporary folder (which no mount reaches): links to the real
 * refs, logs, info and objects, but its *own* `config`, holding only the
 * repository format. Git reads its configuration from the shared directory, so
 * it never sees the repository's own `config`: no driver, worktree, path or
 * program a repository file names can take effect, however late it was written.
 *
 * `objects` is rebuilt one level deep without `info/alternates`, so git never
 * follows alternates; a repository that has them is refused instead of giving
 * half answers. Every linked part must lie inside the mount.
 */
export async function createPrivateCommonDir(commonDir: string, mountRoot: string): Promise<PrivateCommonDir> {
  const alternates = await readFile(join(commonDir, 'objects', 'info', 'alternates'), 'utf8').catch(() => '');
  if (alternates.split('\n').some((line) => line.trim() !== '' && !line.trim().startsWith('#'))) {
    return refuse(
      'the repository borrows objects from another object store (objects/info/alternates), which git does not follow here. Make the repository self-contained (git repack -a -d, then delete objects/info/alternates)',
    );
  }
  const format = await repositoryFormat(join(commonDir, 'config'));
  const path = await mkdtemp(join(tmpdir(), 'orkeon-git-common-'));
  const remove = () => rm(path, { recursive: true, force: true });
  try {
    await writeFile(join(path, 'config'), format);
    for (const name of linkedEntries) {
      const linked = await linkInside(join(commonDir, name), join(path, name), mountRoot);
      if (linked !== undefined) {
        await remove();
        return refuse(linked);
      }
    }
    const objects = join(commonDir, 'objects');
    const problem =
      (await copyLinks(objects, join(path, 'objects'), mountRoot, new Set(['info']))) ??
      (await copyLinks(join(objects, 'info'), join(path, 'objects', 'info'), mountRoot, new Set(['alternates'])));
    if (problem !== undefined) {
      await remove();
      return refuse(problem);
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { ok: true, path, remove };
}

/** A folder of links to each entry of `from` except `skipped`. */
async function copyLinks(
  from: string,
  to: string,
  mountRoot: string,
  skipped: ReadonlySet<string>,
): Promise<string | undefined> {
  await mkdir(to);
  const names = await readdir(from).catch(() => []);
  for (const name of names) {
    if (skipped.has(name)) continue;
    const problem = await linkInside(join(from, name), join(to, name), mountRoot);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Links `to` to the real path of `from` when it lies inside the mount; says why not, or nothing when `from` is absent. */
async function linkInside(from: string, to: string, mountRoot: string): Promise<string | undefined> {
  const stats = await lstat(from).catch(() => undefined);
  if (stats === undefined) return undefined;
  const real = await confined(from, mountRoot);
  if (real === undefined) return 'a part of the git directory is a symbolic link leading outside the mount';
  await symlink(real, to);
  return undefined;
}

/**
 * The only settings git takes from the repository's own file: its format
 * version and object format (SHA-1 or SHA-256), each checked against the few
 * values git knows. Read as text: the file is never run or included.
 */
async function repositoryFormat(configPath: string): Promise<string> {
  const text = await readFile(configPath, 'utf8').catch(() => '');
  const version = /^\s*repositoryformatversion\s*=\s*([01])\s*$/im.exec(text)?.[1] ?? '0';
  const objectFormat = /^\s*objectformat\s*=\s*(sha1|sha256)\s*$/im.exec(text)?.[1];
  return [
    '[core]',
    `\trepositoryformatversion = ${version}`,
    ...(objectFormat === undefined ? [] : ['[extensions]', `\tobjectformat = ${objectFormat}`]),
    '',
  ].join('\n');
}

function refuse(why: string): PrivateCommonDir {
  return { ok: false, message: `git is not allowed here: ${why}.` };
}
