import { type FileSystem, forEachLimited } from '@orkeon/core';
import { discoverFiles } from '../discovery/discover-files.js';
import { ExcludePatterns } from '../discovery/exclude-patterns.js';
import type { RaggableTreeSettings } from '../raggable-tree-settings.js';
import type { CodeIndexData } from './code-index.js';
import { contentHash } from './content-hash.js';
import { readConcurrency } from './read-concurrency.js';

/** How an index differs from its folder now. */
export interface PendingChanges {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

/**
 * Compares an index with its folder without changing it: the files added, changed (by
 * content hash) and removed since, under `scope` (virtual paths) or everywhere.
 */
export async function detectChanges(
  files: FileSystem,
  data: CodeIndexData,
  settings: RaggableTreeSettings,
  scope?: readonly string[],
): Promise<PendingChanges> {
  const inScope = (path: string) =>
    scope === undefined || scope.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  const discovery = await discoverFiles(files, data.root, {
    exclude: new ExcludePatterns(settings.Exclude),
    maxFileBytes: settings.MaxFileBytes,
  });
  const known = new Map([...data.files, ...data.manifests].map((file) => [file.path, file.hash]));
  const added: string[] = [];
  const changed: string[] = [];
  await forEachLimited(
    discovery.files.filter((file) => inScope(file.path)),
    readConcurrency,
    async (file) => {
      const hash = known.get(file.path);
      if (hash === undefined) {
        added.push(file.path);
        return;
      }
      const read = await files.readText(file.path);
      if (read.ok && contentHash(read.value) !== hash) changed.push(file.path);
    },
  );
  const present = new Set(discovery.files.map((file) => file.path));
  const removed = [...known.keys()].filter((path) => inScope(path) && !present.has(path)).sort();
  return { added: added.sort(), changed: changed.sort(), removed };
}
