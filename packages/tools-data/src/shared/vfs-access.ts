import type { Readable } from 'node:stream';
import type { FileSystem, VfsEntry } from '@orkeon/core';
import { DataToolError } from '../errors/data-tool-error.js';
import { formatBytes } from './quantities.js';

type Refusal = { readonly ok: false; readonly code: string; readonly message: string };

const boundaryCodes = new Set(['INVALID_PATH', 'NO_MOUNT', 'ACCESS_DENIED', 'OUTSIDE_MOUNT', 'TOO_LARGE']);

/** A refused file operation as a data-tool refusal: boundary refusals are denials, the rest failures. */
export function refusalError(refusal: Refusal): DataToolError {
  return new DataToolError('DATA_PATH_REFUSED', refusal.message, { denied: boundaryCodes.has(refusal.code) });
}

async function statFile(vfs: FileSystem, path: string): Promise<VfsEntry> {
  const stat = await vfs.stat(path);
  if (!stat.ok) throw refusalError(stat);
  if (stat.value.kind === 'directory') {
    throw new DataToolError(
      'DATA_PATH_REFUSED',
      `'${stat.value.path}' is a directory, not a file; give a file's path.`,
    );
  }
  return stat.value;
}

/**
 * Reads a file that its format makes us hold whole (JSON, XML, PDF, DOCX), after
 * checking its size against `limit` so an oversize file is never loaded.
 */
export async function readWholeFile(
  vfs: FileSystem,
  path: string,
  limit: number,
  toolName: string,
): Promise<{ path: string; bytes: Buffer }> {
  const entry = await statFile(vfs, path);
  if (entry.size > limit) {
    throw new DataToolError(
      'DATA_FILE_TOO_LARGE',
      `'${entry.path}' is ${formatBytes(entry.size)}; ${toolName} reads files of at most ${formatBytes(limit)} whole (Svc:Tools:Data:MaxFileBytes). Give a smaller file, or raise the setting.`,
    );
  }
  const read = await vfs.readBytes(path);
  if (!read.ok) throw refusalError(read);
  // The file may have grown between the two calls.
  if (read.value.length > limit) {
    throw new DataToolError(
      'DATA_FILE_TOO_LARGE',
      `'${entry.path}' grew to ${formatBytes(read.value.length)} while it was read; ${toolName} reads at most ${formatBytes(limit)} whole (Svc:Tools:Data:MaxFileBytes).`,
    );
  }
  return { path: entry.path, bytes: read.value };
}

/** Opens a file for a streamed read; the caller destroys the stream when it stops early. */
export async function openFileStream(
  vfs: FileSystem,
  path: string,
): Promise<{ path: string; size: number; stream: Readable }> {
  const opened = await vfs.openRead(path);
  if (!opened.ok) throw refusalError(opened);
  return opened.value;
}

/** Writes a produced file, refusing to replace an existing one unless `overwrite`. */
export async function writeOutputFile(
  vfs: FileSystem,
  path: string,
  bytes: Uint8Array,
  overwrite: boolean,
): Promise<{ path: string; bytesWritten: number; created: boolean }> {
  if (!overwrite) {
    // `resolve` with the write right says whether the file exists even where reading is not allowed.
    const target = await vfs.resolve(path, 'Write');
    if (!target.ok) throw refusalError(target);
    if (target.value.exists) {
      throw new DataToolError(
        'DATA_OUTPUT_EXISTS',
        `'${target.value.virtualPath}' already exists; pass overwrite: true to replace it, or choose another path.`,
      );
    }
  }
  const written = await vfs.writeBytes(path, bytes);
  if (!written.ok) throw refusalError(written);
  return written.value;
}
