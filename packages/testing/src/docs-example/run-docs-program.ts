import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type ProgramRun, type RunTypeScriptFileOptions, runTypeScriptFile } from './run-type-script-file.js';

export interface RunDocsProgramOptions extends Omit<RunTypeScriptFileOptions, 'file'> {
  /** The program, as the page writes it. */
  readonly program: string;
  /** The package the page is about: the program is written beside it, so its imports resolve as in a user's project. */
  readonly packageFolder: string;
}

/** Runs a program of a docs page as a user would, and removes the file it wrote for it. */
export async function runDocsProgram({ program, packageFolder, ...run }: RunDocsProgramOptions): Promise<ProgramRun> {
  // A name of its own: several programs, or several test processes, may run beside the same package.
  const file = join(packageFolder, `.docs-example-${process.pid}-${randomBytes(4).toString('hex')}.mts`);
  try {
    await writeFile(file, program);
    return await runTypeScriptFile({ ...run, file });
  } finally {
    await rm(file, { force: true });
  }
}
