import { join } from 'node:path';
import { isDenial, type VfsResult, type VirtualFileSystem } from '@orkeon/core';
import type { WorkingDirectory } from './working-directory.js';

export type MappedArguments =
  | { readonly ok: true; readonly args: string[] }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

/** The part of an argument that may name a file: all of it, or the value of `--opt=value` or `-f/path`. */
interface PathPart {
  readonly prefix: string;
  readonly value: string;
}

type PartCheck =
  | { readonly ok: true; readonly replacement?: string }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

/**
 * Checks every argument that may name a file against the mounts and rewrites it to
 * the physical path the check approved, so a process only ever touches what the
 * virtual file system allows:
 *
 * - an absolute path (`/workspace/a.txt`, also `--file=/…` and `-f/…`) must
 *   resolve inside a mount, or the whole call is refused with the VFS message;
 * - a relative path with a `..` segment must, joined to the working directory,
 *   still resolve inside a mount;
 * - any other relative argument is left alone unless it names something through
 *   a symbolic link leading out of its mount (refused), or resolves elsewhere than
 *   the plain join would (a nested mount), in which case it is rewritten too.
 */
export async function mapPathArguments(
  args: readonly string[],
  vfs: VirtualFileSystem,
  cwd: WorkingDirectory,
): Promise<MappedArguments> {
  const mapped: string[] = [];
  for (const arg of args) {
    const part = pathPart(arg);
    if (part === undefined || part.value === '') {
      mapped.push(arg);
      continue;
    }
    const checked = await checkPart(part.value, vfs, cwd);
    if (!checked.ok) return checked;
    mapped.push(checked.replacement === undefined ? arg : `${part.prefix}${checked.replacement}`);
  }
  return { ok: true, args: mapped };
}

function pathPart(arg: string): PathPart | undefined {
  if (arg.startsWith('/')) return { prefix: '', value: arg };
  const equals = arg.indexOf('=');
  if (equals >= 0) {
    const value = arg.slice(equals + 1);
    if (arg.startsWith('-') || value.startsWith('/') || climbs(value)) {
      return { prefix: arg.slice(0, equals + 1), value };
    }
  }
  if (arg.startsWith('-')) {
    // A value glued to a short option: `-f/etc/passwd`, `-O../order`.
    const attached = /^(-[A-Za-z0-9]+)(.*)$/.exec(arg);
    const value = attached?.[2] ?? '';
    return attached !== undefined && attached !== null && (value.startsWith('/') || climbs(value))
      ? { prefix: attached[1] ?? '', value }
      : undefined;
  }
  return { prefix: '', value: arg };
}

async function checkPart(value: string, vfs: VirtualFileSystem, cwd: WorkingDirectory): Promise<PartCheck> {
  if (value.startsWith('/')) {
    const resolved = await vfs.resolve(value, 'Read');
    return resolved.ok
      ? { ok: true, replacement: withTrailingSlash(value, resolved.value.physicalPath) }
      : refusal(resolved);
  }
  const base = cwd.virtualPath === '/' ? '' : cwd.virtualPath;
  const resolved = await vfs.resolve(`${base}/${value}`, 'Read');
  if (climbs(value)) {
    return resolved.ok
      ? { ok: true, replacement: withTrailingSlash(value, resolved.value.physicalPath) }
      : refusal(resolved);
  }
  // Most relative arguments are not paths at all (patterns, revisions): only a link out of the mount matters.
  if (!resolved.ok) return resolved.code === 'OUTSIDE_MOUNT' ? refusal(resolved) : { ok: true };
  const plainJoin = join(cwd.physicalPath, value).replace(/\/+$/, '');
  return resolved.value.exists && resolved.value.physicalPath !== plainJoin
    ? { ok: true, replacement: withTrailingSlash(value, resolved.value.physicalPath) }
    : { ok: true };
}

function climbs(value: string): boolean {
  return value.split('/').includes('..');
}

/** `dir/` keeps its slash: for a link to a folder it means the folder, not the link. */
function withTrailingSlash(original: string, physicalPath: string): string {
  return original.endsWith('/') && !physicalPath.endsWith('/') ? `${physicalPath}/` : physicalPath;
}

function refusal(result: Extract<VfsResult<unknown>, { ok: false }>): PartCheck {
  return { ok: false, denied: isDenial(result.code), message: result.message };
}
