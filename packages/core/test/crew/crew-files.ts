import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CrewValidationError } from '../../src/crew/crew-validation-error.js';
import { type LoadCrewOptions, loadCrew } from '../../src/crew/load-crew.js';

/** Writes `files` (relative path → text) under `folder`. */
export async function writeFiles(folder: string, files: Readonly<Record<string, string>>): Promise<void> {
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(folder, name)), { recursive: true });
    await writeFile(join(folder, name), text);
  }
}

/** The error `loadCrew` throws for `path`; fails the test when it loads. */
export async function loadError(path: string, options: LoadCrewOptions = {}): Promise<CrewValidationError> {
  try {
    await loadCrew(path, options);
  } catch (error) {
    if (CrewValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected ${path} to fail to load`);
}

/** Lines joined with newlines, for YAML written in tests. */
export const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;
