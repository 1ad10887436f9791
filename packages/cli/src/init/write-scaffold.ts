import { lstat, mkdir, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { UsageError } from '../usage-error.js';
import { visibleText } from '../visible-text.js';
import type { ScaffoldFile } from './scaffold-files.js';

/**
 * Writes a new project's files into `folder` (made when missing), all or none: when any of them
 * exists already (or something else stands where one of its folders goes), nothing is written
 * and the `UsageError` names every one of them and the way out. A file that appears while the
 * others are written (each is created exclusively) undoes what this call wrote.
 */
export async function writeScaffold(folder: string, files: readonly ScaffoldFile[]): Promise<void> {
  const paths = files.map((file) => file.path);
  await refuseFilesInTheWay(folder, paths);
  const shown = visibleText(folder);
  const madeFolders: string[] = [];
  const written: string[] = [];
  try {
    for (const path of foldersOf(folder, paths)) await makeFolder(path, madeFolders);
    for (const file of files) {
      const path = join(folder, file.path);
      await writeFile(path, file.text, { flag: 'wx' });
      written.push(path);
    }
  } catch (error) {
    // All or none: what this call made goes again (its folders only while they are empty).
    await Promise.all(written.map((path) => rm(path, { force: true })));
    for (const made of madeFolders.reverse()) await rmdir(made).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'EEXIST' ? 'a file appeared while it wrote' : (error as Error).message;
    throw new UsageError(
      `orkeon init could not write the project into '${shown}' (${visibleText(reason)}). Nothing was kept: check the folder's permissions and free space, and run it again.`,
    );
  }
}

/**
 * Throws the `UsageError` of `writeScaffold` when `folder` is a file, or holds any of `paths`
 * (relative, with `/`), or a file where one of their folders goes, naming every one; resolves when
 * the project can be written.
 */
export async function refuseFilesInTheWay(folder: string, paths: readonly string[]): Promise<void> {
  const shown = visibleText(folder);
  const folderInfo = await stat(folder).catch(() => undefined);
  if (folderInfo !== undefined && !folderInfo.isDirectory())
    throw new UsageError(
      `'${shown}' is a file, not a folder: give orkeon init a folder to create the project in (a new one is made).`,
    );
  const existing = await inTheWay(folder, paths);
  if (existing.length > 0)
    throw new UsageError(
      `'${shown}' already has ${existing.length === 1 ? 'a file' : 'files'} orkeon init would write: ${existing.join(', ')}. Nothing was written.\nChoose another folder (orkeon init <new-folder>), or move ${existing.length === 1 ? 'it' : 'them'} away and run orkeon init again.`,
    );
}

/** Those of `paths` that exist in `folder`, and the folders of them that are something else there. */
async function inTheWay(folder: string, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  const folders = new Set(paths.map((path) => dirname(path)).filter((path) => path !== '.'));
  for (const path of folders) {
    const info = await lstat(join(folder, path)).catch(() => undefined);
    if (info !== undefined && !(await isFolder(join(folder, path)))) found.push(visibleText(path));
  }
  for (const path of paths) {
    // lstat: a link counts as there, even one that leads nowhere.
    if ((await lstat(join(folder, path)).catch(() => undefined)) !== undefined) found.push(visibleText(path));
  }
  return found;
}

async function isFolder(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() === true;
}

/** `folder` and the folders its files go in, each after its parent. */
function foldersOf(folder: string, paths: readonly string[]): string[] {
  const inside = paths.map((path) => dirname(path)).filter((path) => path !== '.');
  return [folder, ...new Set(inside.map((path) => join(folder, path)))];
}

/** Makes `path` and its missing parents, adding each it made to `made`, outermost first. */
async function makeFolder(path: string, made: string[]): Promise<void> {
  if (await isFolder(path)) return;
  const parent = dirname(path);
  if (parent !== path) await makeFolder(parent, made);
  await mkdir(path);
  made.push(path);
}
