import { closestMatch, OrkeonError, type ToolFamily } from '@orkeon/core';
import { ToolFamilyError } from '../errors/tool-family-error.js';
import { sessionFamily } from '../session/session-family.js';
import { shellFamily } from '../shell/shell-family.js';
import {
  type KnownToolFamily,
  knownToolFamilies,
  knownToolFamilyNames,
  toolsPackageName,
} from './known-tool-families.js';

/**
 * Imports a family's package by name. The default imports from `@orkeon/tools`; a
 * program that depends on the family packages itself (the `orkeon` command) passes
 * `(name) => import(name)` so they resolve from its own place.
 */
export type ToolFamilyPackageLoader = (packageName: string) => Promise<unknown>;

export interface ToolFamilyLoadOptions {
  readonly load?: ToolFamilyPackageLoader;
  /** The catalogue of families; default `knownToolFamilies`. */
  readonly known?: readonly KnownToolFamily[];
}

const builtIn: Readonly<Record<string, ToolFamily>> = { shell: shellFamily, session: sessionFamily };

const importPackage: ToolFamilyPackageLoader = (packageName) => import(packageName);

/** The known family called `name` (any case); throws `TOOLS_FAMILY_UNKNOWN` naming the known ones. */
export function knownToolFamily(name: string, known: readonly KnownToolFamily[] = knownToolFamilies): KnownToolFamily {
  const entry = known.find((candidate) => candidate.name === name.toLowerCase());
  if (entry !== undefined) return entry;
  const names = knownToolFamilyNames(known);
  const match = closestMatch(name, names);
  throw new ToolFamilyError(
    'TOOLS_FAMILY_UNKNOWN',
    `Unknown tool family '${name}'.${match === undefined ? '' : ` Did you mean '${match}'?`} Known families: ${names.join(', ')}.`,
  );
}

/**
 * Loads the family called `name` from its package (`await import()`: nothing is
 * loaded before). Throws `TOOLS_FAMILY_UNKNOWN`, `TOOLS_FAMILY_PACKAGE_MISSING`
 * (naming the npm package to install), `TOOLS_FAMILY_EXPORT_MISSING` or `TOOLS_FAMILY_LOAD_FAILED`.
 */
export async function loadToolFamily(name: string, options: ToolFamilyLoadOptions = {}): Promise<ToolFamily> {
  const entry = knownToolFamily(name, options.known);
  const local = entry.packageName === toolsPackageName ? builtIn[entry.name] : undefined;
  if (local !== undefined) return local;
  let module: unknown;
  try {
    module = await (options.load ?? importPackage)(entry.packageName);
  } catch (error) {
    if (isPackageMissing(error, entry.packageName)) {
      throw new ToolFamilyError(
        'TOOLS_FAMILY_PACKAGE_MISSING',
        `The tool family '${entry.name}' lives in the npm package ${entry.packageName}, which is not installed. Install it (npm install ${entry.packageName}), or leave the family out.`,
        { cause: error },
      );
    }
    throw new ToolFamilyError(
      'TOOLS_FAMILY_LOAD_FAILED',
      `The package ${entry.packageName} of the tool family '${entry.name}' failed to load: ${messageOf(error)}. Reinstall it.`,
      { cause: error },
    );
  }
  const family = (module as Record<string, unknown> | undefined)?.[entry.exportName];
  if (!isToolFamily(family)) {
    throw new ToolFamilyError(
      'TOOLS_FAMILY_EXPORT_MISSING',
      `The package ${entry.packageName} is installed but does not export '${entry.exportName}', the tool family '${entry.name}'. Install a version of ${entry.packageName} that does.`,
    );
  }
  return family;
}

/** What became of one family when every family was asked for. */
export type ToolFamilyAvailability =
  | { readonly name: string; readonly packageName: string; readonly family: ToolFamily }
  | { readonly name: string; readonly packageName: string; readonly error: ToolFamilyError };

/**
 * Every known family (or those named), loaded where possible: a family whose package
 * is missing or does not export it comes back with its error instead of throwing.
 */
export async function loadToolFamilies(
  options: ToolFamilyLoadOptions & { readonly families?: readonly string[] } = {},
): Promise<ToolFamilyAvailability[]> {
  const entries = (options.families ?? knownToolFamilyNames(options.known)).map((name) =>
    knownToolFamily(name, options.known),
  );
  return Promise.all(
    entries.map(async (entry): Promise<ToolFamilyAvailability> => {
      const where = { name: entry.name, packageName: entry.packageName };
      try {
        return { ...where, family: await loadToolFamily(entry.name, options) };
      } catch (error) {
        if (error instanceof ToolFamilyError || ToolFamilyError.isInstance(error)) return { ...where, error };
        throw error;
      }
    }),
  );
}

/** Duck-typed: the family object may come from another copy of `@orkeon/core`. */
export function isToolFamily(value: unknown): value is ToolFamily {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof ToolFamily, unknown>>;
  return (
    typeof candidate.name === 'string' &&
    Array.isArray(candidate.catalogue) &&
    Array.isArray(candidate.settingsSections) &&
    typeof candidate.createTools === 'function'
  );
}

/** Node (and Vite in tests) report a bare package that resolves nowhere with its name in the message. */
function isPackageMissing(error: unknown, packageName: string): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  const message = messageOf(error);
  const notFound =
    code === 'ERR_MODULE_NOT_FOUND' ||
    code === 'MODULE_NOT_FOUND' ||
    /Cannot find (?:package|module)|Failed to (?:load|resolve)/i.test(message);
  return notFound && new RegExp(`['"\\s]${escapeRegExp(packageName)}(?:['"\\s/]|$)`).test(message);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function messageOf(error: unknown): string {
  return error instanceof Error || OrkeonError.isInstance(error) ? (error as Error).message : String(error);
}
