import { constants } from 'node:fs';
import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { failure, success, type VfsResult } from './vfs-result.js';

/**
 * Opening files after the path was checked. `O_NOFOLLOW` refuses a link swapped in
 * after the check; the open file itself is then checked (a regular file with one
 * link), so neither a swap nor a hard link to a file outside the mounts is used.
 * Nothing is truncated before that check.
 */
export async function readChecked(
  physicalPath: string,
  virtualPath: string,
  maxBytes: number,
): Promise<VfsResult<Buffer>> {
  const handle = await open(physicalPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const refused = await checkHandle(handle, virtualPath);
    if (refused !== undefined) return refused;
    const { size } = await handle.stat();
    if (size > maxBytes) return failure('TOO_LARGE', tooLargeMessage(virtualPath, size, maxBytes));
    return success(await handle.readFile());
  } finally {
    await handle.close();
  }
}

/**
 * Opens an existing regular file for a streamed read, checked like `readChecked` but
 * without the whole-file size limit: a stream holds only a chunk at a time. The
 * caller owns the handle (its stream closes it at the end).
 */
export async function openChecked(physicalPath: string, virtualPath: string): Promise<VfsResult<FileHandle>> {
  const handle = await open(physicalPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  const refused = await checkHandle(handle, virtualPath).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (refused === undefined) return success(handle);
  await handle.close();
  return refused;
}

export async function writeChecked(
  physicalPath: string,
  virtualPath: string,
  text: string | Uint8Array,
  options: { append: boolean; create: boolean; maxBytes: number },
): Promise<VfsResult<number>> {
  if (options.create) await mkdir(dirname(physicalPath), { recursive: true });
  // A new file is created exclusively: one that appeared since the check is not overwritten with Create rights only.
  const flags =
    constants.O_WRONLY |
    constants.O_NOFOLLOW |
    (options.create ? constants.O_CREAT | constants.O_EXCL : 0) |
    (options.append ? constants.O_APPEND : 0);
  const handle = await open(physicalPath, flags);
  try {
    const refused = await checkHandle(handle, virtualPath);
    if (refused !== undefined) return refused;
    const bytes = typeof text === 'string' ? Buffer.byteLength(text, 'utf8') : text.byteLength;
    const total = bytes + (options.append ? (await handle.stat()).size : 0);
    if (total > options.maxBytes) return failure('TOO_LARGE', tooLargeMessage(virtualPath, total, options.maxBytes));
    if (!options.append) await handle.truncate(0);
    if (typeof text === 'string') await handle.writeFile(text, 'utf8');
    else await handle.writeFile(text);
    return success(bytes);
  } finally {
    await handle.close();
  }
}

async function checkHandle(handle: FileHandle, virtualPath: string): Promise<VfsResult<never> | undefined> {
  const stats = await handle.stat();
  if (!stats.isFile()) return failure('NOT_A_FILE', `'${virtualPath}' is not a regular file.`);
  if (stats.nlink > 1) return hardLinkRefusal(virtualPath, stats.nlink);
  return undefined;
}

export function hardLinkRefusal(virtualPath: string, links: number): VfsResult<never> {
  return failure(
    'OUTSIDE_MOUNT',
    `Access denied for '${virtualPath}': the file has ${links} hard links, so it may be a file outside the mounts; copy it instead of linking it.`,
  );
}

export function tooLargeMessage(virtualPath: string, size: number, limit: number): string {
  return `File '${virtualPath}' would be ${formatSize(size)}; the limit is ${formatSize(limit)} (Svc:FileSystem:MaxFileSizeBytes).`;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
