import type { FileSystem } from '@orkeon/core';
import { type CodeIndexData, codeIndexVersion } from './code-index.js';

/** The saved index of `root` in `directory`: one file per root, named after it (`/crew` → `crew.json`). */
export function indexFilePath(directory: string, root: string): string {
  const name = root
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/[^A-Za-z0-9._-]/g, '_'))
    .join('-');
  return `${directory === '/' ? '' : directory.replace(/\/+$/, '')}/${name === '' ? 'root' : name}.json`;
}

/** A saved index read back, or why it cannot be used (then the sources are indexed again). */
export type SavedIndex =
  | { readonly found: true; readonly data: CodeIndexData }
  | { readonly found: false; readonly reason?: string };

/**
 * Reads the saved index of `root`. A missing file is no index; a damaged file, one of
 * another version, or one of another root is not used, and says why.
 */
export async function readIndexFile(files: FileSystem, path: string, root: string): Promise<SavedIndex> {
  if (!(await files.exists(path))) return { found: false };
  const read = await files.readText(path);
  if (!read.ok) return { found: false, reason: `the index file ${path} cannot be read (${read.message})` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.value);
  } catch {
    return { found: false, reason: `the index file ${path} is not JSON` };
  }
  const record = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  if (record.version !== codeIndexVersion)
    return {
      found: false,
      reason: `the index file ${path} has version ${JSON.stringify(record.version ?? null)}, this release reads version ${codeIndexVersion}`,
    };
  if (record.root !== root || !Array.isArray(record.files) || !Array.isArray(record.manifests))
    return { found: false, reason: `the index file ${path} is not an index of ${root}` };
  return { found: true, data: parsed as CodeIndexData };
}

/** Saves the index; a refusal of the file system is returned as the reason, the index staying in memory. */
export async function writeIndexFile(
  files: FileSystem,
  path: string,
  data: CodeIndexData,
): Promise<{ readonly ok: true } | { readonly ok: false; readonly reason: string }> {
  const folder = path.slice(0, path.lastIndexOf('/')) || '/';
  const created = await files.createDirectory(folder);
  if (!created.ok) return { ok: false, reason: created.message };
  const written = await files.writeText(path, JSON.stringify(data));
  return written.ok ? { ok: true } : { ok: false, reason: written.message };
}
