import type { EmbeddingProvider, FileSystem } from '@orkeon/core';
import type { CodeLanguage } from '../discovery/languages.js';
import { buildCodeGraph } from '../graph/build-code-graph.js';
import type { CodeGraph } from '../graph/code-graph.js';
import type { RaggableTreeSettings } from '../raggable-tree-settings.js';
import type { CodeIndexData } from './code-index.js';
import { indexFilePath, readIndexFile, writeIndexFile } from './index-file.js';
import type { IndexCounts, IndexReport } from './index-report.js';
import { refreshIndex } from './refresh-index.js';

export interface FolderIndexParts {
  readonly root: string;
  /** Where the index file is kept: the runtime's whole file system (the index folder may be a host's internal mount). */
  readonly store: FileSystem;
  /** Where the code is read: the agents' view, so the index holds only what agents may see. */
  readonly sources: FileSystem;
  readonly settings: RaggableTreeSettings;
  readonly embeddings: () => EmbeddingProvider | undefined;
  readonly now: () => Date;
  /** Told each problem worth a log line (an index that cannot be saved, a failing embedding provider). */
  readonly warn: (message: string) => void;
}

export interface RefreshOptions {
  readonly force?: boolean | undefined;
  readonly scope?: readonly string[] | undefined;
  readonly signal?: AbortSignal | undefined;
}

/**
 * The index of one folder in memory: read from its saved file on first use, brought up
 * to date on request (phase 6, persist: saved again whenever it changed), and the graph
 * built from it, rebuilt only after a change. Not safe for concurrent calls: its owner
 * runs them one at a time.
 */
export class FolderIndex {
  readonly root: string;
  readonly indexFile: string;
  readonly #parts: FolderIndexParts;
  #data: CodeIndexData | undefined;
  #graph: CodeGraph | undefined;
  #looked = false;
  #saved = false;
  #saveProblem: string | undefined;
  #rebuiltBecause: string | undefined;

  constructor(parts: FolderIndexParts) {
    this.#parts = parts;
    this.root = parts.root;
    this.indexFile = indexFilePath(parts.settings.IndexDirectory, parts.root);
  }

  /** Whether the saved file holds the index in memory. */
  get saved(): boolean {
    return this.#saved;
  }

  get saveProblem(): string | undefined {
    return this.#saveProblem;
  }

  /** The index, read from its saved file the first time; undefined while the folder was never indexed. */
  async load(): Promise<CodeIndexData | undefined> {
    if (!this.#looked) {
      this.#looked = true;
      const saved = await readIndexFile(this.#parts.store, this.indexFile, this.root);
      if (saved.found) {
        this.#data = saved.data;
        this.#saved = true;
      } else {
        this.#rebuiltBecause = saved.reason;
      }
    }
    return this.#data;
  }

  /** The graph of the index as it is (see `refresh`); undefined while the folder was never indexed. */
  graph(): CodeGraph | undefined {
    if (this.#data === undefined) return undefined;
    this.#graph ??= buildCodeGraph(this.#data);
    return this.#graph;
  }

  /** Re-indexes what changed since (everything the first time), saves the index when it changed, and reports. */
  async refresh(options: RefreshOptions = {}): Promise<IndexReport> {
    const started = performance.now();
    const previous = await this.load();
    const { settings } = this.#parts;
    const { data, changes } = await refreshIndex(
      { root: this.root, previous, force: options.force, scope: options.scope, signal: options.signal },
      { files: this.#parts.sources, settings, embeddings: this.#parts.embeddings(), now: this.#parts.now },
    );
    const touched =
      previous === undefined ||
      changes.added.length + changes.changed.length + changes.removed.length + changes.embedded > 0 ||
      previous.embedding?.model !== data.embedding?.model;
    if (touched) {
      this.#data = data;
      this.#graph = undefined;
      this.#saved = false;
    }
    if (!this.#saved) await this.#save();
    if (changes.embeddingProblem !== undefined)
      this.#parts.warn(`Code index of ${this.root}: ${changes.embeddingProblem}`);
    const rebuiltBecause = this.#rebuiltBecause;
    this.#rebuiltBecause = undefined;
    return {
      root: this.root,
      ...indexCounts(this.graph() as CodeGraph),
      changes,
      incremental: previous !== undefined && options.force !== true,
      ...(rebuiltBecause === undefined ? {} : { rebuiltBecause }),
      indexFile: this.indexFile,
      ...(this.#saveProblem === undefined ? {} : { saveProblem: this.#saveProblem }),
      ...(data.embedding === undefined ? {} : { embedding: data.embedding }),
      durationMilliseconds: Math.round(performance.now() - started),
    };
  }

  async #save(): Promise<void> {
    const written = await writeIndexFile(this.#parts.store, this.indexFile, this.#data as CodeIndexData);
    this.#saved = written.ok;
    this.#saveProblem = written.ok ? undefined : written.reason;
    if (!written.ok) this.#parts.warn(`The code index of ${this.root} is kept in memory only: ${written.reason}`);
  }
}

/** The size of a graph, levels L1 to L4. */
export function indexCounts(graph: CodeGraph): IndexCounts {
  const languages: Partial<Record<CodeLanguage, number>> = {};
  for (const file of graph.files.values()) languages[file.language] = (languages[file.language] ?? 0) + 1;
  let statements = 0;
  for (const symbol of graph.symbols.values()) statements += symbol.statements?.length ?? 0;
  return { packages: graph.packages.size, files: graph.files.size, symbols: graph.symbols.size, statements, languages };
}
