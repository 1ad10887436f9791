import type { CodeIndexData } from '../indexing/code-index.js';
import type { FileNode, PackageNode, SymbolNode } from './graph-nodes.js';

/** The parts a code graph is made of (see `buildCodeGraph`). */
export interface CodeGraphParts {
  readonly data: CodeIndexData;
  readonly packages: ReadonlyMap<string, PackageNode>;
  readonly files: ReadonlyMap<string, FileNode>;
  readonly symbols: ReadonlyMap<string, SymbolNode>;
  /** Resolved calls: caller id → callee ids. */
  readonly calls: ReadonlyMap<string, readonly string[]>;
  /** Resolved base types: type id → base type ids. */
  readonly bases: ReadonlyMap<string, readonly string[]>;
}

/**
 * The symbol graph of one indexed folder, levels L0 (the folder) to L3 (symbols): what
 * every query reads. It is rebuilt from the index after each change, so it is never
 * edited, only replaced.
 */
export class CodeGraph {
  readonly data: CodeIndexData;
  readonly packages: ReadonlyMap<string, PackageNode>;
  readonly files: ReadonlyMap<string, FileNode>;
  readonly symbols: ReadonlyMap<string, SymbolNode>;
  readonly #calls: ReadonlyMap<string, readonly string[]>;
  readonly #callers = new Map<string, Set<string>>();
  readonly #bases: ReadonlyMap<string, readonly string[]>;
  readonly #subtypes = new Map<string, Set<string>>();
  readonly #children = new Map<string, Set<string>>();
  readonly #importers = new Map<string, Set<string>>();

  constructor(parts: CodeGraphParts) {
    this.data = parts.data;
    this.packages = parts.packages;
    this.files = parts.files;
    this.symbols = parts.symbols;
    this.#calls = parts.calls;
    this.#bases = parts.bases;
    for (const [caller, callees] of parts.calls) for (const callee of callees) push(this.#callers, callee, caller);
    for (const [type, bases] of parts.bases) for (const base of bases) push(this.#subtypes, base, type);
    for (const symbol of parts.symbols.values())
      if (symbol.parent !== undefined) push(this.#children, symbol.parent, symbol.id);
    for (const file of parts.files.values())
      for (const target of new Set(file.imports.flatMap((entry) => entry.files)))
        push(this.#importers, target, file.path);
  }

  get root(): string {
    return this.data.root;
  }

  /** The symbols a callable calls, resolved in the index. */
  callees(id: string): readonly string[] {
    return this.#calls.get(id) ?? [];
  }

  /** The names a callable calls that the index does not hold (library calls, mostly). */
  unresolvedCalls(id: string): readonly string[] {
    const symbol = this.symbols.get(id);
    const resolvedNames = new Set(this.callees(id).map((callee) => this.symbols.get(callee)?.name));
    const names = (symbol?.calls ?? []).map((name) => (name.startsWith('.') ? name.slice(1) : name));
    return [...new Set(names.filter((name) => !resolvedNames.has(name)))];
  }

  callers(id: string): readonly string[] {
    return listOf(this.#callers.get(id));
  }

  /** The types a type extends or implements, resolved in the index. */
  supertypes(id: string): readonly string[] {
    return this.#bases.get(id) ?? [];
  }

  subtypes(id: string): readonly string[] {
    return listOf(this.#subtypes.get(id));
  }

  /** The members of a type (or the methods of a constant object). */
  children(id: string): readonly string[] {
    return listOf(this.#children.get(id));
  }

  /** The files that import `path`. */
  importers(path: string): readonly string[] {
    return listOf(this.#importers.get(path));
  }

  /** The files `path` imports. */
  imported(path: string): readonly string[] {
    return [...new Set(this.files.get(path)?.imports.flatMap((entry) => entry.files) ?? [])];
  }

  /** The packages of the index a package imports from. */
  packageDependencies(name: string): readonly string[] {
    const found = new Set<string>();
    for (const path of this.packages.get(name)?.files ?? [])
      for (const entry of this.files.get(path)?.imports ?? [])
        if (entry.package !== undefined) found.add(entry.package);
    found.delete(name);
    return [...found].sort();
  }

  /** The outside packages a package's code imports, with how many imports name each. */
  externalImports(name: string): ReadonlyMap<string, number> {
    const counts = new Map<string, number>();
    for (const path of this.packages.get(name)?.files ?? [])
      for (const entry of this.files.get(path)?.imports ?? [])
        if (entry.external !== undefined) counts.set(entry.external, (counts.get(entry.external) ?? 0) + 1);
    return counts;
  }

  /** The package named `reference`, or the one whose folder it is. */
  findPackage(reference: string): PackageNode | undefined {
    const byName = this.packages.get(reference);
    if (byName !== undefined) return byName;
    const folder = reference.replace(/\/+$/, '');
    return [...this.packages.values()].find(
      (entry) => entry.folder === folder || entry.name.toLowerCase() === reference.toLowerCase(),
    );
  }

  /**
   * The symbols `reference` names: a qualified name (`pkg::module::Class::method`), its end
   * (`Class::method`, `Class.method`), or a plain name. An exact qualified name wins.
   */
  findSymbols(reference: string): SymbolNode[] {
    const wanted = reference.trim();
    const exact = this.symbols.get(wanted);
    if (exact !== undefined) return [exact];
    const normalized = wanted.replace(/\./g, '::');
    const all = [...this.symbols.values()];
    const bySuffix = all.filter((symbol) => symbol.id.endsWith(`::${normalized}`) || symbol.id.endsWith(`::${wanted}`));
    if (bySuffix.length > 0) return bySuffix;
    const lower = wanted.toLowerCase();
    return all.filter((symbol) => symbol.name.toLowerCase() === lower);
  }
}

function push(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set === undefined) map.set(key, new Set([value]));
  else set.add(value);
}

function listOf(set: ReadonlySet<string> | undefined): readonly string[] {
  return set === undefined ? [] : [...set];
}
