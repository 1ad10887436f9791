import type { FileSystem, VfsEntry } from '@orkeon/core';
import { RaggableTreeError } from '../errors/raggable-tree-error.js';
import type { ExcludePatterns } from './exclude-patterns.js';

/** The path of `path` below `root`, without a leading `/` ('' for the root itself). */
export function relativeTo(root: string, path: string): string {
  if (path === root) return '';
  return root === '/' ? path.slice(1) : path.slice(root.length + 1);
}

export interface WalkOptions {
  readonly exclude: ExcludePatterns;
  readonly signal?: AbortSignal | undefined;
  /** Told each file that is not excluded; answers false to stop the walk. */
  readonly visit: (entry: VfsEntry, relativePath: string) => boolean;
}

/**
 * Walks `root` through the virtual file system (so mounts and rights hold), one folder
 * at a time so that excluded folders such as node_modules are never entered. Symbolic
 * links are not followed. A root that cannot be listed is an error; a folder below it
 * that cannot be listed is skipped and named in the answer.
 */
export async function walkFolder(
  files: FileSystem,
  root: string,
  options: WalkOptions,
): Promise<{ unreadable: string[] }> {
  const unreadable: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    options.signal?.throwIfAborted();
    const folder = pending.pop() as string;
    const listed = await files.list(folder);
    if (!listed.ok) {
      if (folder === root)
        throw new RaggableTreeError(
          'CODEBASE_ROOT_UNREADABLE',
          `The folder '${root}' cannot be read: ${listed.message} Give a folder inside one of the mounts (list_mounts shows them), or mount it; the code index's folder is RaggableTree:Root, or the path given to index_codebase.`,
        );
      unreadable.push(`${folder}: ${listed.message}`);
      continue;
    }
    for (const entry of listed.value.entries) {
      const relative = relativeTo(root, entry.path);
      if (options.exclude.excludedBy(relative) !== undefined) continue;
      if (entry.kind === 'directory') pending.push(entry.path);
      else if (entry.kind === 'file' && !options.visit(entry, relative)) return { unreadable };
    }
  }
  return { unreadable };
}
