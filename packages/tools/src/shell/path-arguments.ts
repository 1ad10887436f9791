import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import { type FileSystem, isDenial, type VfsResult } from '@orkeon/core';
import { type PathCandidate, pathCandidates } from './path-candidates.js';
import type { WorkingDirectory } from './working-directory.js';

export type MappedArguments =
  | { readonly ok: true; readonly args: string[] }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

type CandidateCheck =
  | { readonly ok: true; readonly physicalPath?: string }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

/**
 * Checks every part of every argument that may name a file (see `pathCandidates`)
 * against the mounts, and rewrites the one part that needs it to the physical
 * path the check approved, so a process only ever touches what the virtual file
 * system allows:
 *
 * - an absolute part (`/workspace/a.txt`, `--file=/…`, `-f/…`, `if=/…`) must
 *   resolve inside a mount, or the whole call is refused with the VFS message;
 * - a relative part with a `..` segment must, joined to the working directory,
 *   still resolve inside a mount;
 * - any other relative part is left alone unless it reaches a symbolic link that
 *   leads out of its mount (refused) or resolves elsewhere than the plain join
 *   would (a nested mount: rewritten);
 * - a relative part the virtual-path rules refuse (`a%41`, `b\c`) is passed on
 *   only when, read as a file name, it reaches nothing but plain folders below
 *   the working directory; otherwise it cannot be checked and is refused.
 *
 * One argument holding two parts that both need rewriting is refused: the
 * program might read either.
 */
export async function mapPathArguments(
  args: readonly string[],
  vfs: FileSystem,
  cwd: WorkingDirectory,
): Promise<MappedArguments> {
  const mapped: string[] = [];
  for (const arg of args) {
    let rewritten: string | undefined;
    for (const candidate of pathCandidates(arg)) {
      const checked = await checkCandidate(candidate.value, vfs, cwd);
      if (!checked.ok) return checked;
      if (checked.physicalPath === undefined) continue;
      if (rewritten !== undefined) return ambiguous(arg, vfs);
      rewritten = rewrite(arg, candidate, checked.physicalPath);
    }
    mapped.push(rewritten ?? arg);
  }
  return { ok: true, args: mapped };
}

async function checkCandidate(value: string, vfs: FileSystem, cwd: WorkingDirectory): Promise<CandidateCheck> {
  if (value.startsWith('/')) {
    const resolved = await vfs.resolve(value, 'Read');
    return resolved.ok ? { ok: true, physicalPath: resolved.value.physicalPath } : refusal(resolved);
  }
  const base = cwd.virtualPath === '/' ? '' : cwd.virtualPath;
  const resolved = await vfs.resolve(`${base}/${value}`, 'Read');
  if (climbs(value)) return resolved.ok ? { ok: true, physicalPath: resolved.value.physicalPath } : refusal(resolved);
  if (!resolved.ok) {
    // A link out, or rights that forbid reading, are answers; anything else means the VFS could not judge the text.
    if (resolved.code === 'OUTSIDE_MOUNT' || resolved.code === 'ACCESS_DENIED') return refusal(resolved);
    if (await reachesOnlyPlainFolders(cwd.physicalPath, value)) return { ok: true };
    return {
      ok: false,
      denied: true,
      message: `Argument '${vfs.redact(value)}' may name a file that cannot be checked (${resolved.message}) and it reaches a symbolic link or climbs with '..'. Write the path in plain characters (no percent-encoding, no backslashes), e.g. ${base}/file.txt.`,
    };
  }
  // Most relative arguments are not paths at all (patterns, revisions): only a nested mount needs a rewrite.
  const plainJoin = join(cwd.physicalPath, value).replace(/\/+$/, '');
  return resolved.value.exists && resolved.value.physicalPath !== plainJoin
    ? { ok: true, physicalPath: resolved.value.physicalPath }
    : { ok: true };
}

/**
 * Walks `value` from `folder` one name at a time, as the kernel would: true when
 * every name that exists is a plain file or folder (so the path stays below
 * `folder`), false at the first symbolic link or `..`. A missing name ends the
 * walk: nothing below it can exist.
 */
async function reachesOnlyPlainFolders(folder: string, value: string): Promise<boolean> {
  let current = folder;
  for (const name of value.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..') return false;
    current = join(current, name);
    const stats = await lstat(current).catch((error: NodeJS.ErrnoException) =>
      missingCodes.has(error.code ?? '') ? null : undefined,
    );
    if (stats === null) return true;
    if (stats === undefined || stats.isSymbolicLink()) return false;
  }
  return true;
}

/** What lstat answers for a name that does not exist, or cannot exist (too long). */
const missingCodes = new Set(['ENOENT', 'ENOTDIR', 'ENAMETOOLONG']);

function rewrite(arg: string, candidate: PathCandidate, physicalPath: string): string {
  // `dir/` keeps its slash: for a link to a folder it means the folder, not the link.
  const path = candidate.value.endsWith('/') && !physicalPath.endsWith('/') ? `${physicalPath}/` : physicalPath;
  return `${arg.slice(0, candidate.start)}${path}`;
}

function climbs(value: string): boolean {
  return value.split('/').includes('..');
}

function ambiguous(arg: string, vfs: FileSystem): Extract<MappedArguments, { ok: false }> {
  return {
    ok: false,
    denied: true,
    message: `Argument '${vfs.redact(arg)}' names more than one path (for example after an option and after '='), so it cannot be checked as one. Pass each path as its own argument.`,
  };
}

function refusal(result: Extract<VfsResult<unknown>, { ok: false }>): CandidateCheck {
  return { ok: false, denied: isDenial(result.code), message: result.message };
}
