import { packageMissingError } from '../errors/database-tool-error.js';

/** Loads a package by name; tests give one that fails to show the missing-package error. */
export type PackageImporter = (name: string) => Promise<unknown>;

export const importPackage: PackageImporter = (name) => import(name);

/**
 * An optional peer dependency, loaded on first use. A package that is not
 * installed becomes `DATABASE_PACKAGE_MISSING`, naming the package to install;
 * any other failure while loading it is thrown as it is.
 */
export async function loadOptionalPackage<T>(
  name: string,
  kind: string,
  importer: PackageImporter = importPackage,
): Promise<T> {
  try {
    return (await importer(name)) as T;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') throw packageMissingError(name, kind, error);
    throw error;
  }
}
