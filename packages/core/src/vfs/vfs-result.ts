/**
 * Why a file operation was refused or failed, each with what it means. Denials are results the
 * agent reads, never exceptions, and their messages only name virtual paths. These are result
 * codes, not error codes: they stay short because agents and their tools read them, and
 * docs/errors.md lists them in a section of their own.
 */
export const vfsFailureCodes = {
  INVALID_PATH:
    'The path is not a clean absolute virtual path (relative, climbing above `/`, a NUL, a backslash): nothing is repaired.',
  NO_MOUNT: 'No mount covers the path: use one of the mounts `list_mounts` shows.',
  ACCESS_DENIED:
    "The mount's rights do not allow the operation (e.g. a write on a read-only mount, or deleting a mount root).",
  OUTSIDE_MOUNT: 'The path leads outside its mount (through a symbolic link, or a link that leads nowhere).',
  NOT_FOUND: 'Nothing exists at the path.',
  NOT_A_FILE: 'The path is a directory (or another non-file) where a file was expected.',
  NOT_A_DIRECTORY: 'The path is a file where a directory was expected.',
  TOO_LARGE: 'The file is larger than the limit (`Svc:FileSystem:MaxFileSizeBytes`): read a part, or raise the limit.',
  IO_ERROR: 'The operating system refused or failed the operation: the message carries its reason.',
} as const;

export type VfsFailureCode = keyof typeof vfsFailureCodes;

export type VfsResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: VfsFailureCode; readonly message: string };

export function success<T>(value: T): VfsResult<T> {
  return { ok: true, value };
}

export function failure<T = never>(code: VfsFailureCode, message: string): VfsResult<T> {
  return { ok: false, code, message };
}

/** Denials that come from the boundary itself (as opposed to a missing file or a full disk). */
export function isDenial(code: VfsFailureCode): boolean {
  return (
    code === 'INVALID_PATH' ||
    code === 'NO_MOUNT' ||
    code === 'ACCESS_DENIED' ||
    code === 'OUTSIDE_MOUNT' ||
    code === 'TOO_LARGE'
  );
}
