import { DataLibraryMissingError } from '../errors/data-tool-error.js';

/**
 * Imports a parser library on first use, so importing the package costs nothing until
 * a tool runs; a missing package becomes an error that names the package to install.
 */
export async function loadLibrary<Module>(packageName: string, load: () => Promise<Module>): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new DataLibraryMissingError(packageName, { cause: error });
    }
    throw error;
  }
}
