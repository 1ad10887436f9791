import type { EmbeddingProvider, FileSystem, Logger } from '@orkeon/core';
import { normalizeVirtualPath, serviceToken, unavailableEmbeddingModel } from '@orkeon/core';
import type { CodeLanguage } from './discovery/languages.js';
import { RaggableTreeError } from './errors/raggable-tree-error.js';
import type { CodeGraph } from './graph/code-graph.js';
import type { SymbolNode } from './graph/graph-nodes.js';
import { detectChanges } from './indexing/detect-changes.js';
import { FolderIndex, indexCounts } from './indexing/folder-index.js';
import type { IndexReport, IndexStatus } from './indexing/index-report.js';
import type { StatementRecord, SymbolKind } from './parsing/extracted-file.js';
import { parseSource } from './parsing/parse-source.js';
import { type PathStatus, pathStatus } from './path-status.js';
import type { RaggableTreeSettings } from './raggable-tree-settings.js';
import { SymbolSearch, type SymbolSearchResult } from './search/symbol-search.js';

export interface RaggableTreeOptions {
  readonly settings: RaggableTreeSettings;
  /**
   * Where the code is read and the index saved: the runtime's file system. Code is read
   * through its agents' view, so internal mounts are never indexed.
   */
  readonly files: FileSystem;
  /** Embeds symbol summaries for hybrid search, or how to find the provider; absent: words only. */
  readonly embeddings?: EmbeddingProvider | (() => EmbeddingProvider | undefined);
  readonly logger?: Logger;
  /** The time indexes are stamped with; default the system clock. */
  readonly clock?: () => Date;
}

export interface SymbolSearchOptions {
  readonly topK?: number;
  readonly kinds?: readonly SymbolKind[];
  readonly package?: string;
  readonly language?: CodeLanguage;
  /** Only symbols of files under this virtual path. */
  readonly path?: string;
  readonly signal?: AbortSignal;
}

/** A symbol's source text with its line numbers. */
export interface SymbolSource {
  readonly symbol: SymbolNode;
  readonly startLine: number;
  readonly endLine: number;
  readonly lines: readonly string[];
}

/**
 * Codebase context: the Tree-sitter symbol graph of a folder (levels L0 folder, L1
 * package, L2 file, L3 symbol, L4 statement), saved in `IndexDirectory` and kept
 * current: every query first re-indexes the files whose content changed (added, changed
 * and removed), so answers never describe code that is gone. One index per folder;
 * queries answer about `root` (the `Root` setting, or the folder last given to `index`).
 */
export class RaggableTree {
  readonly settings: RaggableTreeSettings;
  readonly #options: RaggableTreeOptions;
  readonly #folders = new Map<string, FolderIndex>();
  #root: string;
  #queue: Promise<unknown> = Promise.resolve();
  readonly #warned = new Set<string>();

  constructor(options: RaggableTreeOptions) {
    this.#options = options;
    this.settings = options.settings;
    this.#root = checkedPath(options.settings.Root);
  }

  /** The folder queries answer about. */
  get root(): string {
    return this.#root;
  }

  /**
   * Indexes `root` (default the current one) and makes it the folder queries answer about.
   * A saved index is reused for its unchanged files unless `force`.
   */
  index(
    options: { readonly root?: string; readonly force?: boolean; readonly signal?: AbortSignal } = {},
  ): Promise<IndexReport> {
    const root = options.root === undefined ? this.#root : checkedPath(options.root);
    return this.#exclusive(async () => {
      const report = await this.#folder(root).refresh({ force: options.force === true, signal: options.signal });
      this.#root = root;
      return report;
    });
  }

  /** Re-indexes the files changed since the last index, all of them or those under `paths`. */
  reindex(options: { readonly paths?: readonly string[]; readonly signal?: AbortSignal } = {}): Promise<IndexReport> {
    const scope = options.paths?.map(checkedPath);
    return this.#exclusive(() => this.#folder(this.#root).refresh({ scope, signal: options.signal }));
  }

  /** The current graph: the index brought up to date first (built when there is none). */
  graph(options: { readonly signal?: AbortSignal } = {}): Promise<CodeGraph> {
    return this.#exclusive(async () => {
      const folder = this.#folder(this.#root);
      await folder.refresh({ signal: options.signal });
      return folder.graph() as CodeGraph;
    });
  }

  /** The index's size and freshness, without changing it (a saved index is read). */
  status(): Promise<IndexStatus> {
    return this.#exclusive(async () => {
      const folder = this.#folder(this.#root);
      const data = await folder.load();
      const common = {
        root: folder.root,
        indexFile: folder.indexFile,
        saved: folder.saved,
        ...(folder.saveProblem === undefined ? {} : { saveProblem: folder.saveProblem }),
      };
      const graph = folder.graph();
      if (data === undefined || graph === undefined)
        return { ...common, indexed: false, packages: 0, files: 0, symbols: 0, statements: 0, languages: {} };
      return {
        ...common,
        ...indexCounts(graph),
        indexed: true,
        indexedAt: data.indexedAt,
        ...(data.embedding === undefined ? {} : { embedding: data.embedding }),
        pending: await detectChanges(this.#sources(), data, this.settings),
      };
    });
  }

  /** Whether a file or folder is in the index, and if not, why (outside the root, excluded, no known language…). */
  pathStatus(path: string): Promise<PathStatus> {
    const checked = checkedPath(path);
    return this.#exclusive(async () => {
      const data = await this.#folder(this.#root).load();
      return pathStatus(checked, { root: this.#root, data, files: this.#sources(), settings: this.settings });
    });
  }

  /** Symbols for a question: hybrid search (words and, with an embedding provider, vectors). */
  async search(query: string, options: SymbolSearchOptions = {}): Promise<SymbolSearchResult> {
    const graph = await this.graph(options.signal === undefined ? {} : { signal: options.signal });
    const kinds = options.kinds === undefined ? undefined : new Set(options.kinds);
    // A package by name, or by its folder.
    const packageName =
      options.package === undefined ? undefined : (graph.findPackage(options.package)?.name ?? options.package);
    const folder = options.path === undefined ? undefined : checkedPath(options.path);
    const accept = (symbol: SymbolNode) =>
      (kinds === undefined || kinds.has(symbol.kind)) &&
      (packageName === undefined || symbol.package === packageName) &&
      (options.language === undefined || symbol.language === options.language) &&
      (folder === undefined || symbol.file === folder || symbol.file.startsWith(`${folder}/`));
    return SymbolSearch.of(graph).search(query, options.topK ?? 5, {
      accept,
      embeddings: this.#embeddings(),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  }

  /** The symbols a reference names: a qualified name, its end (`Class::method`) or a plain name. */
  async findSymbols(reference: string): Promise<SymbolNode[]> {
    return (await this.graph()).findSymbols(reference);
  }

  /** A symbol's source text, read now, with `contextLines` around it. */
  async source(symbol: SymbolNode, contextLines = 0): Promise<SymbolSource> {
    const all = (await readSource(this.#sources(), symbol.file)).split('\n');
    const startLine = Math.max(1, symbol.startLine - contextLines);
    const endLine = Math.min(all.length, symbol.endLine + contextLines);
    return { symbol, startLine, endLine, lines: all.slice(startLine - 1, endLine) };
  }

  /**
   * A callable's statements (level L4): from the index when `IncludeStatements` keeps
   * them, else from its file, parsed now.
   */
  async statements(symbol: SymbolNode): Promise<readonly StatementRecord[]> {
    if (this.settings.IncludeStatements) return symbol.statements ?? [];
    const parsed = await parseSource(symbol.language, await readSource(this.#sources(), symbol.file), {
      statements: true,
    });
    const same = parsed.symbols.find(
      (candidate) => candidate.startLine === symbol.startLine && candidate.path.join('::') === symbol.path.join('::'),
    );
    return same?.statements ?? [];
  }

  #sources(): FileSystem {
    return this.#options.files.agentView();
  }

  #embeddings(): EmbeddingProvider | undefined {
    if (this.settings.Embedding.Provider === 'None') return undefined;
    const option = this.#options.embeddings;
    const provider = typeof option === 'function' ? option() : option;
    // The runtime's stand-in provider fails every call: words only, without a warning per query.
    return provider === undefined || provider.model === unavailableEmbeddingModel ? undefined : provider;
  }

  #folder(root: string): FolderIndex {
    let folder = this.#folders.get(root);
    if (folder === undefined) {
      folder = new FolderIndex({
        root,
        store: this.#options.files,
        sources: this.#sources(),
        settings: this.settings,
        embeddings: () => this.#embeddings(),
        now: this.#options.clock ?? (() => new Date()),
        warn: (message) => this.#warn(message),
      });
      this.#folders.set(root, folder);
    }
    return folder;
  }

  #warn(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    this.#options.logger?.warn(message);
  }

  /** Runs index work one at a time: two tool calls never index the same folder at once. */
  #exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }
}

function checkedPath(path: string): string {
  const normalized = normalizeVirtualPath(path);
  if (!normalized.ok)
    throw new RaggableTreeError(
      'CODEBASE_PATH_INVALID',
      `'${path}' is not a usable virtual path: ${normalized.reason}. Write an absolute virtual path such as /crew/src.`,
    );
  return normalized.path;
}

async function readSource(files: FileSystem, path: string): Promise<string> {
  const read = await files.readText(path);
  if (!read.ok)
    throw new RaggableTreeError(
      'CODEBASE_FILE_UNREADABLE',
      `${read.message} The index will drop the file at its next update; search again for the code you need.`,
    );
  return read.value;
}

/** The host's code index; `addRaggableTree` registers one. */
export const RaggableTreeService = serviceToken<RaggableTree>('RaggableTree');
