import { callableKinds, type SymbolKind } from '../parsing/extracted-file.js';
import type { FileNode, SymbolNode } from './graph-nodes.js';

/** The kinds a call can reach: callables, and types for a construction (`new Greeter()`). */
const callTargets: ReadonlySet<SymbolKind> = new Set([...callableKinds, 'class', 'struct', 'record']);
const baseTargets: ReadonlySet<SymbolKind> = new Set(['class', 'interface', 'struct', 'record']);

/** How many symbols one name may resolve to at one step (overloads). */
const maximumTargets = 3;

export interface ReferenceIndex {
  readonly symbols: ReadonlyMap<string, SymbolNode>;
  readonly files: ReadonlyMap<string, FileNode>;
  readonly byName: ReadonlyMap<string, readonly SymbolNode[]>;
}

/**
 * Resolves a name used in `from` (a call, a base type) to symbols of the index, nearest
 * first: members of the same type, the same file, the files it imports, then the same
 * package and the whole index, where the name must be unique. Names are matched as
 * written, without types: a call `repo.save()` reaches the one `save` the index can
 * see, which is what an agent needs to follow the code, not what a compiler proves.
 */
export function resolveReference(
  from: SymbolNode,
  name: string,
  wanted: 'call' | 'base',
  index: ReferenceIndex,
): readonly string[] {
  const kinds = wanted === 'call' ? callTargets : baseTargets;
  // A bare call may be recursion; a call through an object (`.save`) is taken to reach another `save`.
  const member = name.startsWith('.');
  const candidates = (index.byName.get(member ? name.slice(1) : name) ?? []).filter(
    (candidate) => kinds.has(candidate.kind) && (!member || candidate.id !== from.id),
  );
  if (candidates.length === 0) return [];
  const imported = new Set(index.files.get(from.file)?.imports.flatMap((entry) => entry.files) ?? []);
  const steps: readonly ((candidate: SymbolNode) => boolean)[] = [
    (candidate) => from.parent !== undefined && candidate.parent === from.parent,
    (candidate) => candidate.file === from.file,
    (candidate) => imported.has(candidate.file),
  ];
  for (const step of steps) {
    const found = candidates.filter(step);
    if (found.length > 0) return found.slice(0, maximumTargets).map((symbol) => symbol.id);
  }
  const samePackage = candidates.filter((candidate) => candidate.package === from.package);
  if (samePackage.length === 1) return [(samePackage[0] as SymbolNode).id];
  return candidates.length === 1 ? [(candidates[0] as SymbolNode).id] : [];
}
