import { failure, success, type VfsResult } from './vfs-result.js';

/**
 * Runs file work and turns what the operating system throws into a result whose
 * message names the virtual path and a reason an agent can act on. Unknown errors
 * keep their text, passed through `rewrite` so no physical folder shows.
 */
export async function runIo<T>(
  virtualPath: string,
  work: () => Promise<T>,
  rewrite: (text: string) => string,
): Promise<VfsResult<T>> {
  try {
    return success(await work());
  } catch (error) {
    return ioFailure(virtualPath, error, rewrite);
  }
}

export function ioFailure(virtualPath: string, error: unknown, rewrite: (text: string) => string): VfsResult<never> {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = reasons[code ?? ''] ?? rewrite(error instanceof Error ? error.message : String(error));
  return failure(code === 'ENOENT' ? 'NOT_FOUND' : 'IO_ERROR', `Cannot use '${virtualPath}': ${reason}.`);
}

const reasons: Readonly<Record<string, string>> = {
  ENOENT: 'it does not exist',
  ENOTEMPTY: 'the directory is not empty (delete it recursively)',
  EEXIST: 'it appeared while being created; try again',
  ELOOP: 'it became a symbolic link while being opened',
  ENOTDIR: 'a part of the path is a file, not a directory',
  ENOSPC: 'the disk is full',
  EACCES: 'this machine does not allow it (file permissions)',
  EPERM: 'this machine does not allow it (file permissions)',
};
