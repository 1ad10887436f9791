import type { FileSystem, VfsEntry } from '@orkeon/core';

/** A plugin module found in the folder: its virtual path and the physical file to import. */
export interface PluginCandidate {
  readonly file: string;
  readonly physicalPath: string;
}

/** A place in the folder that looks like a plugin but cannot be used, with the reason. */
export interface DiscoveryProblem {
  readonly file: string;
  readonly reason: string;
}

export type Discovered = PluginCandidate | DiscoveryProblem;

/**
 * The plugins of `directory`, sorted by virtual path (so registrations happen in the same
 * order on every machine): files matching `pattern` (flat layout), and sub-folders with a
 * `package.json` naming their module or an `index.mjs` (folder-per-plugin layout). Every
 * path goes through the file system, so the mounts' rights decide what can be read.
 * A listing that fails is returned as a problem of the folder itself.
 */
export async function discoverPlugins(
  fileSystem: FileSystem,
  directory: string,
  pattern: string,
): Promise<Discovered[]> {
  const all = await fileSystem.list(directory);
  if (!all.ok) return [{ file: directory, reason: all.message }];
  const matching = await fileSystem.list(directory, { pattern });
  if (!matching.ok) return [{ file: directory, reason: matching.message }];
  const files = new Set(matching.value.entries.map((entry) => entry.path));
  const found: Discovered[] = [];
  for (const entry of [...all.value.entries].sort((a, b) => a.path.localeCompare(b.path))) {
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
    if (name.startsWith('.') || name === 'node_modules') continue;
    const kind = await kindOf(fileSystem, entry);
    if (kind === 'file' && files.has(entry.path)) found.push(await located(fileSystem, entry.path));
    else if (kind === 'directory') {
      const module = await folderModule(fileSystem, entry.path);
      if (module !== undefined) found.push(typeof module === 'string' ? await located(fileSystem, module) : module);
    } else if (typeof kind === 'object' && files.has(entry.path)) found.push(kind);
  }
  return found;
}

/** What an entry is, a symbolic link judged by where it leads (a link leading outside the mount is a problem). */
async function kindOf(fileSystem: FileSystem, entry: VfsEntry): Promise<VfsEntry['kind'] | DiscoveryProblem> {
  if (entry.kind !== 'symlink') return entry.kind;
  const target = await fileSystem.stat(entry.path);
  return target.ok ? target.value.kind : { file: entry.path, reason: target.message };
}

/** The module a plugin folder names: package.json `exports` or `main`, else `index.mjs`; undefined for other folders. */
async function folderModule(fileSystem: FileSystem, folder: string): Promise<string | DiscoveryProblem | undefined> {
  const manifestPath = `${folder}/package.json`;
  if (await fileSystem.exists(manifestPath)) {
    const text = await fileSystem.readText(manifestPath);
    if (!text.ok) return { file: manifestPath, reason: text.message };
    let manifest: unknown;
    try {
      manifest = JSON.parse(text.value);
    } catch (error) {
      return { file: manifestPath, reason: `it is not valid JSON (${(error as Error).message}).` };
    }
    const entry = manifestEntry(manifest);
    if (entry !== undefined) return `${folder}/${entry.replace(/^\.\//, '')}`;
  }
  if (await fileSystem.exists(`${folder}/index.mjs`)) return `${folder}/index.mjs`;
  if (await fileSystem.exists(manifestPath))
    return {
      file: manifestPath,
      reason: `it names no module: add "exports": "./plugin.mjs" (or "main"), or an index.mjs beside it.`,
    };
  return undefined;
}

/** `exports` as a string, or its `.` entry's `import`/`default` (a string or one level of conditions), else `main`. */
function manifestEntry(manifest: unknown): string | undefined {
  if (typeof manifest !== 'object' || manifest === null) return undefined;
  const { exports, main } = manifest as { exports?: unknown; main?: unknown };
  const pick = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (typeof value !== 'object' || value === null) return undefined;
    const conditions = value as Record<string, unknown>;
    return pick(conditions['.'] ?? conditions.import ?? conditions.default);
  };
  return pick(exports) ?? (typeof main === 'string' ? main : undefined);
}

/** The physical file behind a virtual path, read rights checked. */
async function located(fileSystem: FileSystem, file: string): Promise<Discovered> {
  const resolved = await fileSystem.resolve(file, 'Read');
  if (!resolved.ok) return { file, reason: resolved.message };
  if (!resolved.value.exists) return { file, reason: `'${file}' does not exist.` };
  return { file, physicalPath: resolved.value.physicalPath };
}
