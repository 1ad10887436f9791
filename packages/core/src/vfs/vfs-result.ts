/**
 * Why a file operation was refused or failed. Denials are results the agent reads,
 * never exceptions, and their messages only name virtual paths.
 */
export type VfsFailureCode =
  | 'INVALID_PATH'
  | 'NO_MOUNT'
  | 'ACCESS_DENIED'
  | 'OUTSIDE_MOUNT'
  | 'NOT_FOUND'
  | 'NOT_A_FILE'
  | 'NOT_A_DIRECTORY'
  | 'TOO_LARGE'
  | 'IO_ERROR';

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
