import { stat } from 'node:fs/promises';
import { type FileSystem, isDenial, type MountInfo } from '@orkeon/core';

export interface WorkingDirectory {
  readonly virtualPath: string;
  readonly physicalPath: string;
  /** Physical folder of the mount the directory is in (git looks for repositories no higher). */
  readonly mountRootPhysicalPath: string;
}

export type WorkingDirectoryResult =
  | { readonly ok: true; readonly value: WorkingDirectory }
  | { readonly ok: false; readonly denied: boolean; readonly message: string };

/**
 * The folder a command runs in: `requested` (a virtual path) or, by default, the
 * first mount agents may write to, else the first mount. It must exist, be a
 * directory and resolve inside a mount.
 */
export async function resolveWorkingDirectory(
  vfs: FileSystem,
  requested: string | undefined,
): Promise<WorkingDirectoryResult> {
  const mounts = vfs.mounts();
  const fallback = mounts.find((mount) => mount.rights !== 'ro') ?? mounts[0];
  if (fallback === undefined) {
    return {
      ok: false,
      denied: false,
      message: 'No folder is mounted, so there is nowhere to run a command. Mount one with Svc:FileSystem:Mounts.',
    };
  }
  const resolved = await vfs.resolve(requested ?? fallback.virtualPath, 'Read');
  if (!resolved.ok) return { ok: false, denied: isDenial(resolved.code), message: resolved.message };
  const { virtualPath, physicalPath, exists } = resolved.value;
  if (!exists) return { ok: false, denied: false, message: `Working directory '${virtualPath}' does not exist.` };
  const stats = await stat(physicalPath).catch(() => undefined);
  if (stats === undefined)
    return { ok: false, denied: false, message: `Working directory '${virtualPath}' cannot be read.` };
  if (!stats.isDirectory()) {
    return { ok: false, denied: false, message: `Working directory '${virtualPath}' is a file, not a directory.` };
  }
  const mount = mountOf(mounts, virtualPath);
  const root = mount === undefined ? undefined : await vfs.resolve(mount.virtualPath, 'Read');
  if (root === undefined || !root.ok) {
    return { ok: false, denied: true, message: `Working directory '${virtualPath}' is not inside a mount.` };
  }
  return { ok: true, value: { virtualPath, physicalPath, mountRootPhysicalPath: root.value.physicalPath } };
}

/** The mount a virtual path resolves through: the longest root that matches on a `/` boundary. */
function mountOf(mounts: readonly MountInfo[], virtualPath: string): MountInfo | undefined {
  return mounts
    .filter((mount) => virtualPath === mount.virtualPath || virtualPath.startsWith(`${mount.virtualPath}/`))
    .sort((a, b) => b.virtualPath.length - a.virtualPath.length)[0];
}
