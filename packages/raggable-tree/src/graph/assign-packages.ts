import { posix } from 'node:path';
import type { ManifestKind } from '../discovery/manifest-kinds.js';
import type { IndexedManifest } from '../indexing/code-index.js';

/** The project files whose name names the package, most telling first. */
const namingOrder: readonly ManifestKind[] = [
  'package.json',
  'go.mod',
  'pyproject.toml',
  'pom.xml',
  'csproj',
  'build.gradle',
];

export interface PackageFolder {
  readonly name: string;
  readonly folder: string;
  readonly manifests: readonly IndexedManifest[];
}

/**
 * Level L1: each folder holding project files is a package, named by them (package.json
 * `name`, go.mod `module`, pyproject `name`, pom.xml `artifactId`, the .csproj file) or
 * else by the folder. Files outside every package belong to the root's package, named
 * after the root folder. Two packages of one name are told apart by their folder.
 */
export function packageFolders(root: string, manifests: readonly IndexedManifest[]): PackageFolder[] {
  const byFolder = new Map<string, IndexedManifest[]>();
  for (const manifest of manifests) {
    const folder = posix.dirname(manifest.path);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), manifest]);
  }
  if (!byFolder.has(root)) byFolder.set(root, []);
  const taken = new Set<string>();
  const packages: PackageFolder[] = [];
  for (const [folder, held] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const named = namingOrder
      .map((kind) => held.find((manifest) => manifest.kind === kind && manifest.name !== undefined)?.name)
      .find((name) => name !== undefined);
    const base = named ?? (posix.basename(folder) || 'root');
    const name = taken.has(base)
      ? `${base}@${folder === root ? '.' : folder.slice(root.length).replace(/^\//, '')}`
      : base;
    taken.add(name);
    packages.push({ name, folder, manifests: held });
  }
  return packages;
}

/** The package a file belongs to: the one of the nearest folder above it. */
export function packageFinder(root: string, packages: readonly PackageFolder[]): (path: string) => PackageFolder {
  const byFolder = new Map(packages.map((entry) => [entry.folder, entry]));
  const rootPackage = byFolder.get(root) as PackageFolder;
  return (path) => {
    for (let folder = posix.dirname(path); ; folder = posix.dirname(folder)) {
      const found = byFolder.get(folder);
      if (found !== undefined) return found;
      if (folder === root || folder === '/' || !folder.startsWith(root)) return rootPackage;
    }
  };
}

/** A file's module name: its path from the package folder, without the extension. */
export function moduleName(folder: string, path: string): string {
  const relative = folder === '/' ? path.slice(1) : path.slice(folder.length + 1);
  const dot = relative.lastIndexOf('.');
  return dot > relative.lastIndexOf('/') + 1 ? relative.slice(0, dot) : relative;
}
