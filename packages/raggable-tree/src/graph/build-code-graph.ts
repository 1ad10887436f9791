import { posix } from 'node:path';
import type { CodeIndexData } from '../indexing/code-index.js';
import { typeKinds } from '../parsing/extracted-file.js';
import { moduleName, packageFinder, packageFolders } from './assign-packages.js';
import { CodeGraph } from './code-graph.js';
import { fingerprintFrameworks } from './frameworks.js';
import type { FileNode, PackageNode, SymbolNode } from './graph-nodes.js';
import { type ImportContext, resolveImport } from './resolve-imports.js';
import { type ReferenceIndex, resolveReference } from './resolve-references.js';

/**
 * Builds the graph from the index: packages (L1), qualified names, imports resolved to
 * files and packages (phase 3), calls and base types resolved to symbols, and each
 * package's frameworks (phase 4).
 */
export function buildCodeGraph(data: CodeIndexData): CodeGraph {
  const root = data.root;
  const folders = packageFolders(root, data.manifests);
  const findPackage = packageFinder(root, folders);

  const symbols = new Map<string, SymbolNode>();
  const fileSymbols = new Map<string, string[]>();
  const orphans: { symbol: SymbolNode; parentPath: string }[] = [];
  for (const file of data.files) {
    const owner = findPackage(file.path);
    const module = moduleName(owner.folder, file.path);
    const local = new Map<string, string>();
    const ids: string[] = [];
    file.symbols.forEach((extracted, index) => {
      const localName = extracted.path.join('::');
      let id = `${owner.name}::${module}::${localName}`;
      for (let copy = 2; symbols.has(id); copy++) id = `${owner.name}::${module}::${localName}#${copy}`;
      if (!local.has(localName)) local.set(localName, id);
      const parentPath = extracted.path.slice(0, -1).join('::');
      const parent = parentPath === '' ? undefined : local.get(parentPath);
      const vector = file.vectors?.[index];
      const symbol: SymbolNode = {
        ...extracted,
        id,
        file: file.path,
        language: file.language,
        package: owner.name,
        module,
        ...(parent === undefined ? {} : { parent }),
        ...(vector === undefined ? {} : { vector }),
      };
      symbols.set(id, symbol);
      ids.push(id);
      if (parentPath !== '' && parent === undefined) orphans.push({ symbol, parentPath });
    });
    fileSymbols.set(file.path, ids);
  }

  const typesByName = [...symbols.values()]
    .filter((symbol) => typeKinds.has(symbol.kind))
    .reduce(groupByName, new Map<string, SymbolNode[]>());
  // A Go method may be declared in another file of its package (folder) than its type.
  for (const { symbol, parentPath } of orphans) {
    const folder = posix.dirname(symbol.file);
    const type = (typesByName.get(parentPath) ?? []).find((candidate) => posix.dirname(candidate.file) === folder);
    if (type !== undefined) symbols.set(symbol.id, { ...symbol, parent: type.id });
  }

  const context = importContext(data, folders, (path) => findPackage(path).name);
  const files = new Map<string, FileNode>();
  const filesOfPackage = new Map<string, string[]>();
  for (const file of data.files) {
    const owner = findPackage(file.path);
    append(filesOfPackage, owner.name, file.path);
    files.set(file.path, {
      path: file.path,
      language: file.language,
      package: owner.name,
      module: moduleName(owner.folder, file.path),
      lines: file.lines,
      syntaxErrors: file.syntaxErrors,
      namespaces: file.namespaces,
      symbols: fileSymbols.get(file.path) ?? [],
      imports: file.imports.map((reference) => resolveImport(file.path, file.language, reference, context)),
    });
  }

  const references: ReferenceIndex = {
    symbols,
    files,
    byName: new Map([...symbols.values()].reduce(groupByName, new Map())),
  };
  const calls = new Map<string, readonly string[]>();
  const bases = new Map<string, readonly string[]>();
  for (const symbol of symbols.values()) {
    const callees = new Set((symbol.calls ?? []).flatMap((name) => resolveReference(symbol, name, 'call', references)));
    if (callees.size > 0) calls.set(symbol.id, [...callees]);
    const supertypes = new Set(
      (symbol.bases ?? []).flatMap((name) => resolveReference(symbol, name, 'base', references)),
    );
    if (supertypes.size > 0) bases.set(symbol.id, [...supertypes]);
  }

  const packages = new Map<string, PackageNode>();
  for (const folder of folders) {
    const packageFiles = filesOfPackage.get(folder.name) ?? [];
    const declared = [
      ...new Set(
        folder.manifests.flatMap((manifest) => [
          ...manifest.dependencies,
          ...(manifest.sdk === undefined ? [] : [manifest.sdk]),
        ]),
      ),
    ];
    const imported = packageFiles.flatMap((path) =>
      (files.get(path)?.imports ?? []).map((entry) => entry.external ?? ''),
    );
    // The root's package is listed only when it holds files or project files of its own.
    if (folder.folder === root && packageFiles.length === 0 && folder.manifests.length === 0) continue;
    packages.set(folder.name, {
      name: folder.name,
      folder: folder.folder,
      manifests: folder.manifests,
      declaredDependencies: declared,
      files: packageFiles,
      frameworks: fingerprintFrameworks([...declared, ...imported.filter((name) => name !== '')]),
    });
  }
  return new CodeGraph({ data, packages, files, symbols, calls, bases });
}

function groupByName(map: Map<string, SymbolNode[]>, symbol: SymbolNode): Map<string, SymbolNode[]> {
  append(map, symbol.name, symbol);
  return map;
}

function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function importContext(
  data: CodeIndexData,
  folders: readonly { readonly name: string; readonly folder: string }[],
  packageOf: (path: string) => string,
): ImportContext {
  const filesByFolder = new Map<string, string[]>();
  const filesByNamespace = new Map<string, string[]>();
  for (const file of data.files) {
    const folder = posix.dirname(file.path);
    append(filesByFolder, folder, file.path);
    if (file.language === 'java' || file.language === 'csharp')
      for (const namespace of file.namespaces) append(filesByNamespace, namespace, file.path);
  }
  const goModules = data.manifests
    .filter((manifest) => manifest.kind === 'go.mod' && manifest.name !== undefined)
    .map((manifest) => ({ module: manifest.name as string, folder: posix.dirname(manifest.path) }))
    .sort((a, b) => b.module.length - a.module.length);
  return {
    root: data.root,
    sourcePaths: new Set(data.files.map((file) => file.path)),
    filesByFolder,
    packageFolders: new Map(folders.map((entry) => [entry.name, entry.folder])),
    packageOf,
    goModules,
    filesByNamespace,
  };
}
