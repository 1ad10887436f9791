import { posix } from 'node:path';
import type { CodeLanguage } from '../discovery/languages.js';
import type { ImportReference } from '../parsing/extracted-file.js';
import type { ResolvedImport } from './graph-nodes.js';

/** What import resolution knows of the whole index. */
export interface ImportContext {
  readonly root: string;
  readonly sourcePaths: ReadonlySet<string>;
  /** Source files by folder. */
  readonly filesByFolder: ReadonlyMap<string, readonly string[]>;
  /** The folder of each package of the index, by name. */
  readonly packageFolders: ReadonlyMap<string, string>;
  readonly packageOf: (path: string) => string;
  /** Go modules of the index (go.mod `module`) and their folders, longest name first. */
  readonly goModules: readonly { readonly module: string; readonly folder: string }[];
  /** Files by the namespace or Java package they declare. */
  readonly filesByNamespace: ReadonlyMap<string, readonly string[]>;
}

type Target = Omit<ResolvedImport, keyof ImportReference>;

/** Phase 3, resolve: where one import of `file` leads, by the rules of its language. */
export function resolveImport(
  file: string,
  language: CodeLanguage,
  reference: ImportReference,
  context: ImportContext,
): ResolvedImport {
  const target = targetOf(file, language, reference, context);
  const own = context.packageOf(file);
  const packages = new Set(target.files.map(context.packageOf));
  const other = target.package ?? (packages.size === 1 ? [...packages][0] : undefined);
  return {
    ...reference,
    files: target.files.filter((path) => path !== file),
    ...(other !== undefined && other !== own ? { package: other } : {}),
    ...(target.external === undefined ? {} : { external: target.external }),
  };
}

function targetOf(file: string, language: CodeLanguage, reference: ImportReference, context: ImportContext): Target {
  switch (language) {
    case 'typescript':
    case 'tsx':
    case 'javascript':
      return scriptTarget(file, reference.specifier, context);
    case 'python':
      return pythonTarget(file, reference, context);
    case 'go':
      return goTarget(reference.specifier, context);
    case 'java':
      return javaTarget(reference.specifier, context);
    case 'csharp': {
      const files = context.filesByNamespace.get(reference.specifier) ?? [];
      return files.length > 0 ? { files } : { files: [], external: reference.specifier };
    }
  }
}

const scriptExtensions = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** TypeScript sources are imported by the name of the JavaScript they compile to. */
const compiledTo: Readonly<Record<string, readonly string[]>> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

function firstScript(base: string, context: ImportContext): string | undefined {
  const extension = posix.extname(base);
  const candidates = [
    base,
    ...(compiledTo[extension] ?? []).map((replacement) => base.slice(0, -extension.length) + replacement),
    ...scriptExtensions.map((added) => base + added),
    ...scriptExtensions.map((added) => `${base}/index${added}`),
  ];
  return candidates.find((candidate) => context.sourcePaths.has(candidate));
}

function scriptTarget(file: string, specifier: string, context: ImportContext): Target {
  if (specifier.startsWith('.')) {
    const found = firstScript(posix.join(posix.dirname(file), specifier), context);
    return { files: found === undefined ? [] : [found] };
  }
  const segments = specifier.split('/');
  const name = specifier.startsWith('@') ? segments.slice(0, 2).join('/') : (segments[0] as string);
  const folder = context.packageFolders.get(name);
  if (folder === undefined) return { files: [], external: name };
  const rest = segments.slice(specifier.startsWith('@') ? 2 : 1).join('/');
  const entry =
    rest === ''
      ? ['src/index', 'index', 'lib/index', 'src/main', 'main']
          .map((base) => firstScript(`${folder}/${base}`, context))
          .find(Boolean)
      : (firstScript(`${folder}/${rest}`, context) ?? firstScript(`${folder}/src/${rest}`, context));
  return { files: entry === undefined ? [] : [entry], package: name };
}

function pythonModule(base: string, context: ImportContext): string | undefined {
  return [`${base}.py`, `${base}/__init__.py`, `${base}.pyi`].find((candidate) => context.sourcePaths.has(candidate));
}

function pythonTarget(file: string, reference: ImportReference, context: ImportContext): Target {
  const specifier = reference.specifier;
  const level = /^\.*/.exec(specifier)?.[0].length ?? 0;
  const dotted = specifier.slice(level).replace(/\./g, '/');
  const bases: string[] = [];
  if (level > 0) {
    let folder = posix.dirname(file);
    for (let up = 1; up < level; up++) folder = posix.dirname(folder);
    bases.push(dotted === '' ? folder : `${folder}/${dotted}`);
  } else {
    const packageFolder = context.packageFolders.get(context.packageOf(file)) ?? context.root;
    for (const start of new Set([packageFolder, `${packageFolder}/src`, context.root, posix.dirname(file)]))
      bases.push(`${start}/${dotted}`);
  }
  for (const base of bases) {
    // `from pkg import module` imports the module file when there is one.
    const submodules = (reference.names ?? [])
      .map((name) => pythonModule(`${base}/${name.replace(/\./g, '/')}`, context))
      .filter((found): found is string => found !== undefined);
    const module = pythonModule(base, context);
    const files = [...new Set([...submodules, ...(module === undefined || submodules.length > 0 ? [] : [module])])];
    if (files.length > 0) return { files };
  }
  return level > 0 ? { files: [] } : { files: [], external: specifier.split('.')[0] as string };
}

function goTarget(specifier: string, context: ImportContext): Target {
  const module = context.goModules.find(
    (candidate) => specifier === candidate.module || specifier.startsWith(`${candidate.module}/`),
  );
  if (module === undefined) return { files: [], external: specifier };
  const folder = module.folder + specifier.slice(module.module.length);
  const files = (context.filesByFolder.get(folder) ?? []).filter((path) => path.endsWith('.go'));
  return { files };
}

function javaTarget(specifier: string, context: ImportContext): Target {
  const segments = specifier.replace(/\.\*$/, '').split('.');
  if (specifier.endsWith('.*')) {
    const files = context.filesByNamespace.get(segments.join('.')) ?? [];
    return files.length > 0 ? { files } : { files: [], external: segments.join('.') };
  }
  // `a.b.C`, or a static import `a.b.C.member`.
  for (const drop of [0, 1]) {
    const kept = segments.slice(0, segments.length - drop);
    const type = kept.at(-1);
    const files = (context.filesByNamespace.get(kept.slice(0, -1).join('.')) ?? []).filter(
      (path) => posix.basename(path) === `${type}.java`,
    );
    if (files.length > 0) return { files };
  }
  // The outside package: the segments before the first type name (`org.springframework.web.bind.annotation`).
  const firstType = segments.findIndex((segment) => /^[A-Z]/.test(segment));
  return { files: [], external: (firstType <= 0 ? segments : segments.slice(0, firstType)).join('.') };
}
