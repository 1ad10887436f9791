import { type EmbeddingProvider, type FileSystem, forEachLimited } from '@orkeon/core';
import { discoverFiles } from '../discovery/discover-files.js';
import { ExcludePatterns } from '../discovery/exclude-patterns.js';
import { readManifest } from '../discovery/read-manifest.js';
import { parseSource } from '../parsing/parse-source.js';
import type { RaggableTreeSettings } from '../raggable-tree-settings.js';
import { type CodeIndexData, codeIndexVersion, type IndexedManifest, type IndexedSourceFile } from './code-index.js';
import { contentHash } from './content-hash.js';
import { embedSymbols } from './embed-symbols.js';
import { readConcurrency } from './read-concurrency.js';

export interface RefreshParts {
  /** Where the sources are read: the agents' view of the file system, so the index holds only what agents may see. */
  readonly files: FileSystem;
  readonly settings: RaggableTreeSettings;
  /** Embeds symbol summaries; absent: words only. */
  readonly embeddings?: EmbeddingProvider | undefined;
  readonly now: () => Date;
}

export interface RefreshRequest {
  readonly root: string;
  /** The index to bring up to date; absent: index everything. */
  readonly previous?: CodeIndexData | undefined;
  /** Parse every file again, whatever its hash. */
  readonly force?: boolean | undefined;
  /** Check only the files under these virtual paths; the others keep their records. */
  readonly scope?: readonly string[] | undefined;
  readonly signal?: AbortSignal | undefined;
}

/** What a refresh found and did. */
export interface IndexChanges {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly unchanged: number;
  /** Symbols embedded by this refresh. */
  readonly embedded: number;
  /** Why vectors are missing, when the embedding provider failed. */
  readonly embeddingProblem?: string;
  /** Source files skipped for their size (`MaxFileBytes`). */
  readonly oversized: readonly string[];
  /** Files and folders that could not be read, with why. */
  readonly unreadable: readonly string[];
  readonly truncated: boolean;
}

/**
 * Brings an index up to date with its folder: discover (phase 1), then for each file
 * whose content hash changed, parse it (phase 2) or read its project file, and embed
 * the symbols that have no vector yet (phase 5). Unchanged files keep their records.
 */
export async function refreshIndex(
  request: RefreshRequest,
  parts: RefreshParts,
): Promise<{ data: CodeIndexData; changes: IndexChanges }> {
  const { root, previous, signal } = request;
  const settings = parts.settings;
  const discovery = await discoverFiles(parts.files, root, {
    exclude: new ExcludePatterns(settings.Exclude),
    maxFileBytes: settings.MaxFileBytes,
    signal,
  });
  const inScope = (path: string) =>
    request.scope === undefined || request.scope.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  // Statements kept or dropped by a change of IncludeStatements need every file parsed again.
  const force = request.force === true || previous?.includeStatements !== settings.IncludeStatements;
  const previousSources = new Map((previous?.files ?? []).map((file) => [file.path, file]));
  const previousManifests = new Map((previous?.manifests ?? []).map((file) => [file.path, file]));
  const sources = (previous?.files ?? []).filter((file) => !inScope(file.path));
  const manifests = (previous?.manifests ?? []).filter((file) => !inScope(file.path));
  const added: string[] = [];
  const changed: string[] = [];
  const unreadable = [...discovery.unreadable];
  let unchanged = 0;

  const candidates = discovery.files.filter((file) => inScope(file.path));
  await forEachLimited(candidates, readConcurrency, async (file) => {
    signal?.throwIfAborted();
    const read = await parts.files.readText(file.path);
    if (!read.ok) {
      unreadable.push(`${file.path}: ${read.message}`);
      return;
    }
    const hash = contentHash(read.value);
    const before = file.role === 'source' ? previousSources.get(file.path) : previousManifests.get(file.path);
    if (!force && before?.hash === hash) {
      if (file.role === 'source') sources.push(before as IndexedSourceFile);
      else manifests.push(before as IndexedManifest);
      unchanged++;
      return;
    }
    (before === undefined ? added : changed).push(file.path);
    if (file.role === 'manifest') {
      manifests.push({
        path: file.path,
        kind: file.manifest,
        hash,
        ...readManifest(file.manifest, file.path, read.value),
      });
      return;
    }
    const extracted = await parseSource(file.language, read.value, { statements: settings.IncludeStatements });
    sources.push({ path: file.path, language: file.language, hash, size: file.size, ...extracted });
  });

  const present = new Set(discovery.files.map((file) => file.path));
  const removed = [...previousSources.keys(), ...previousManifests.keys()].filter(
    (path) => inScope(path) && !present.has(path),
  );
  byPath(sources);
  byPath(manifests);
  const embedded = await embedSymbols(sources, previous?.embedding, parts.embeddings, signal);
  const touched = added.length + changed.length + removed.length + embedded.count > 0;
  const data: CodeIndexData = {
    version: codeIndexVersion,
    root,
    indexedAt: touched || previous === undefined ? parts.now().toISOString() : previous.indexedAt,
    includeStatements: settings.IncludeStatements,
    ...(embedded.profile === undefined ? {} : { embedding: embedded.profile }),
    files: embedded.files,
    manifests,
  };
  return {
    data,
    changes: {
      added: added.sort(),
      changed: changed.sort(),
      removed: removed.sort(),
      unchanged,
      embedded: embedded.count,
      ...(embedded.problem === undefined ? {} : { embeddingProblem: embedded.problem }),
      oversized: discovery.oversized,
      unreadable,
      truncated: discovery.truncated,
    },
  };
}

function byPath(records: { readonly path: string }[]): void {
  records.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
