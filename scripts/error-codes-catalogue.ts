// Reads every package's error-code registry and where its codes are thrown, for docs/errors.md
// (npm run docs:errors) and the tests that keep the registries, the sources and the page in step.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const workspaceRoot = fileURLToPath(new URL('..', import.meta.url));

/** One package's registry: `packages/<folder>/src/errors/error-codes.ts`, its `…ErrorCodes` export. */
export interface ErrorRegistry {
  readonly folder: string;
  /** The npm name, e.g. `@orkeon/core`. */
  readonly packageName: string;
  /** The registry's export name, e.g. `coreErrorCodes`. */
  readonly exportName: string;
  readonly codes: Readonly<Record<string, string>>;
}

/** A code-like literal handed to an error: `new XError('CODE'`, `super('CODE'` or `code: 'CODE'` in an error class. */
export interface CodeUse {
  readonly code: string;
  /** The error class that carries it (`OrkeonError` for a direct `new OrkeonError(…)`). */
  readonly errorClass: string;
  readonly folder: string;
  /** Path from the workspace root, with the line: `packages/core/src/vfs/mount-error.ts:6`. */
  readonly location: string;
}

const registryPath = 'src/errors/error-codes.ts';

export async function packageFolders(): Promise<string[]> {
  const entries = await readdir(join(workspaceRoot, 'packages'), { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort(corePackageFirst);
}

/** Every registry in the workspace, `@orkeon/core` first, then by folder. */
export async function loadErrorRegistries(): Promise<ErrorRegistry[]> {
  const registries: ErrorRegistry[] = [];
  for (const folder of await packageFolders()) {
    const file = join(workspaceRoot, 'packages', folder, registryPath);
    const source = await readFile(file, 'utf8').catch(() => undefined);
    if (source === undefined) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const found = Object.entries(module).filter(([name]) => name.endsWith('ErrorCodes'));
    if (found.length !== 1) {
      throw new Error(
        `${relative(workspaceRoot, file)} must export exactly one '…ErrorCodes' object; it exports ${found.length}.`,
      );
    }
    const [exportName, codes] = found[0] as [string, Record<string, string>];
    const manifest = JSON.parse(await readFile(join(workspaceRoot, 'packages', folder, 'package.json'), 'utf8')) as {
      name: string;
    };
    registries.push({ folder, packageName: manifest.name, exportName, codes });
  }
  return registries;
}

// `new XError('CODE'` (a type argument allowed), or the first argument of `super(`, also as the
// fallback of `super(options.code ?? 'CODE'`.
const constructedPattern = /new\s+(\w+)(?:<[^>()]*>)?\(\s*'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g;
const superPattern = /super\(\s*(?:[\w.]+\s*\?\?\s*)?'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;
const codeOptionPattern = /\bcode:\s*'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)'/g;
const classPattern = /class\s+(\w+)\s+extends\s+(\w+)/g;

/** Code literals given to errors in `packages/<folder>/src`, registry files left out. */
export async function findCodeUses(folder: string): Promise<CodeUse[]> {
  const root = join(workspaceRoot, 'packages', folder, 'src');
  const uses: CodeUse[] = [];
  for (const file of await sourceFiles(root)) {
    if (relative(root, file) === join('errors', 'error-codes.ts')) continue;
    const text = await readFile(file, 'utf8');
    const location = (index: number) =>
      `${relative(workspaceRoot, file).replaceAll('\\', '/')}:${text.slice(0, index).split('\n').length}`;
    for (const match of text.matchAll(constructedPattern)) {
      const [, errorClass = '', code = ''] = match;
      if (errorClass.endsWith('Error')) uses.push({ code, errorClass, folder, location: location(match.index) });
    }
    for (const pattern of [superPattern, codeOptionPattern]) {
      for (const match of text.matchAll(pattern)) {
        const errorClass = enclosingErrorClass(text, match.index);
        if (errorClass !== undefined)
          uses.push({ code: match[1] ?? '', errorClass, folder, location: location(match.index) });
      }
    }
  }
  return uses;
}

/** The error class whose body holds `index`: the last `class X extends …Error` before it. */
function enclosingErrorClass(text: string, index: number): string | undefined {
  let found: string | undefined;
  for (const match of text.matchAll(classPattern)) {
    if (match.index > index) break;
    found = match[2]?.endsWith('Error') === true ? match[1] : undefined;
  }
  return found;
}

/** The `.ts` files under `folder`, sorted. */
export async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function corePackageFirst(left: string, right: string): number {
  if (left === right) return 0;
  if (left === 'core') return -1;
  if (right === 'core') return 1;
  return left < right ? -1 : 1;
}
