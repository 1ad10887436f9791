import { lstat, rm, rmdir, unlink } from 'node:fs/promises';
import type { Entry } from './mount-resolution.js';
import type { MountTable } from './mount-table.js';
import { failure, success, type VfsResult } from './vfs-result.js';

/**
 * Removes a checked entry: a link or a file is unlinked (a link's target is never
 * touched); a folder is removed empty, or with `recursive` with everything below it.
 *
 * Rights below a folder differ from the folder's own only under a mount root or a
 * sub-path root, so a recursive delete is refused when any such root exists below
 * it: every entry that would go then has the folder's rights, which allow Delete.
 */
export async function removeEntry(
  entry: Entry,
  recursive: boolean,
  table: MountTable,
): Promise<VfsResult<{ path: string }>> {
  const { stats, entryPath, virtualPath } = entry;
  if (!stats.isDirectory()) {
    await unlink(entryPath);
    return success({ path: virtualPath });
  }
  if (!recursive) {
    await rmdir(entryPath);
    return success({ path: virtualPath });
  }
  for (const root of table.rootsBelow(entryPath)) {
    if (await exists(root)) {
      return failure(
        'ACCESS_DENIED',
        `Access denied for '${virtualPath}': a mount or sub-path with its own rights lies below it, so it cannot be deleted recursively. Delete the entries you may delete one by one.`,
      );
    }
  }
  await rm(entryPath, { recursive: true });
  return success({ path: virtualPath });
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}
