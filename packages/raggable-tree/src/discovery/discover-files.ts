import type { FileSystem } from '@orkeon/core';
import type { ExcludePatterns } from './exclude-patterns.js';
import { type CodeLanguage, languageOfPath } from './languages.js';
import { type ManifestKind, manifestKindOf } from './manifest-kinds.js';
import { walkFolder } from './walk-folder.js';

/** A file the index reads: a source file of a known language, or a project file. */
export type DiscoveredFile =
  | { readonly path: string; readonly size: number; readonly role: 'source'; readonly language: CodeLanguage }
  | { readonly path: string; readonly size: number; readonly role: 'manifest'; readonly manifest: ManifestKind };

export interface Discovery {
  readonly files: readonly DiscoveredFile[];
  /** Source files left out for their size. */
  readonly oversized: readonly string[];
  /** Folders that could not be listed, each with why. */
  readonly unreadable: readonly string[];
  /** True when the walk stopped at `maxFiles`. */
  readonly truncated: boolean;
}

export interface DiscoveryOptions {
  readonly exclude: ExcludePatterns;
  readonly maxFileBytes: number;
  /** Stop after this many files; default 50,000. */
  readonly maxFiles?: number;
  readonly signal?: AbortSignal | undefined;
}

/**
 * Phase 1, discover: the source files (by extension) and project files of `root`, read
 * through the virtual file system with the exclusions applied (see `walkFolder`).
 */
export async function discoverFiles(files: FileSystem, root: string, options: DiscoveryOptions): Promise<Discovery> {
  const maxFiles = options.maxFiles ?? 50_000;
  const found: DiscoveredFile[] = [];
  const oversized: string[] = [];
  let truncated = false;
  const { unreadable } = await walkFolder(files, root, {
    exclude: options.exclude,
    signal: options.signal,
    visit: (entry) => {
      const language = languageOfPath(entry.path);
      const manifest = language === undefined ? manifestKindOf(entry.path) : undefined;
      if (language === undefined && manifest === undefined) return true;
      if (found.length >= maxFiles) {
        truncated = true;
        return false;
      }
      if (entry.size > options.maxFileBytes) oversized.push(entry.path);
      else
        found.push(
          language === undefined
            ? { path: entry.path, size: entry.size, role: 'manifest', manifest: manifest as ManifestKind }
            : { path: entry.path, size: entry.size, role: 'source', language },
        );
      return true;
    },
  });
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: found, oversized, unreadable, truncated };
}
