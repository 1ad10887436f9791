import type { FileSystem } from '@orkeon/core';
import { ExcludePatterns } from './discovery/exclude-patterns.js';
import { languageOfPath, sourceExtensions } from './discovery/languages.js';
import { manifestKindOf } from './discovery/manifest-kinds.js';
import { relativeTo } from './discovery/walk-folder.js';
import type { CodeIndexData } from './indexing/code-index.js';
import { contentHash } from './indexing/content-hash.js';
import type { RaggableTreeSettings } from './raggable-tree-settings.js';

/** Whether a path is in the index, and in what state. */
export type PathStatus =
  | { readonly indexed: true; readonly kind: 'file'; readonly upToDate: boolean; readonly symbols: number }
  | { readonly indexed: true; readonly kind: 'folder'; readonly files: number; readonly symbols: number }
  | { readonly indexed: false; readonly reason: string };

export interface PathStatusParts {
  readonly root: string;
  readonly data: CodeIndexData | undefined;
  readonly files: FileSystem;
  readonly settings: RaggableTreeSettings;
}

/** Looks a normalised virtual path up in the index, and says why it is not there when it is not. */
export async function pathStatus(path: string, parts: PathStatusParts): Promise<PathStatus> {
  const { root, data } = parts;
  if (path !== root && !path.startsWith(root === '/' ? '/' : `${root}/`))
    return { indexed: false, reason: `it is outside the indexed folder ${root}` };
  const excludedBy = new ExcludePatterns(parts.settings.Exclude).excludedBy(relativeTo(root, path));
  if (excludedBy !== undefined)
    return { indexed: false, reason: `it is excluded by the pattern '${excludedBy}' (RaggableTree:Exclude)` };
  const entry = await parts.files.stat(path);
  if (!entry.ok) return { indexed: false, reason: entry.message };
  if (data === undefined)
    return {
      indexed: false,
      reason: `${root} has not been indexed yet (index_codebase, or any query, builds the index)`,
    };
  if (entry.value.kind === 'directory') {
    const below = data.files.filter((file) => path === root || file.path.startsWith(`${path}/`));
    if (below.length === 0) return { indexed: false, reason: 'the folder holds no source file the index reads' };
    return {
      indexed: true,
      kind: 'folder',
      files: below.length,
      symbols: below.reduce((sum, file) => sum + file.symbols.length, 0),
    };
  }
  const file = data.files.find((candidate) => candidate.path === path);
  if (file === undefined) {
    if (languageOfPath(path) === undefined)
      return {
        indexed: false,
        reason:
          manifestKindOf(path) !== undefined
            ? 'it is a project file: the index reads its name and dependencies (see package_summary), not symbols'
            : `its extension is not one the index parses (${sourceExtensions.join(', ')})`,
      };
    if (entry.value.size > parts.settings.MaxFileBytes)
      return {
        indexed: false,
        reason: `it is larger than RaggableTree:MaxFileBytes (${parts.settings.MaxFileBytes} bytes)`,
      };
    return { indexed: false, reason: 'it is new since the index was made: the next query indexes it' };
  }
  const read = await parts.files.readText(path);
  const upToDate = read.ok && contentHash(read.value) === file.hash;
  return { indexed: true, kind: 'file', upToDate, symbols: file.symbols.length };
}
