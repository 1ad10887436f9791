import { spawn } from 'node:child_process';
import { createTemporaryDirectory } from '../temporary-directory.js';
import { programEnvironment } from './program-environment.js';

export interface RunTypeScriptFileOptions {
  /** The `.ts`/`.mts` file to run; its imports resolve from where it lies. */
  readonly file: string;
  /** The folder to run in, for a test that puts files there first; by default an empty one, removed afterwards. */
  readonly workingDirectory?: string;
  /** Variables added to this process's environment, whose `SVC_` variables are left out. */
  readonly environment?: Readonly<Record<string, string>>;
  /** The TypeScript loader given to `--import`; by default tsx, resolved from the repository. */
  readonly loader?: string;
}

/** How a program ended: the tests judge it, so nothing here asserts. */
export interface ProgramRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
  /** Standard output and error in the order they came, as a terminal shows them. */
  readonly combined: string;
}

/**
 * Runs a TypeScript file in a child Node with the `@orkeon/source` condition, so that workspace packages load
 * from their sources as in the tests, and collects what it prints.
 */
export async function runTypeScriptFile(options: RunTypeScriptFileOptions): Promise<ProgramRun> {
  // An empty folder by default: files the program finds or leaves there would change what it does.
  const scratch = options.workingDirectory === undefined ? await createTemporaryDirectory('orkeon-docs-') : undefined;
  try {
    return await runNode(
      ['--conditions=@orkeon/source', '--import', options.loader ?? import.meta.resolve('tsx'), options.file],
      options.workingDirectory ?? scratch?.path ?? '.',
      programEnvironment(options.environment),
    );
  } finally {
    await scratch?.remove();
  }
}

function runNode(args: readonly string[], cwd: string, env: Record<string, string>): Promise<ProgramRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env });
    let out = '';
    let err = '';
    let combined = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      combined += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
      combined += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err, combined }));
  });
}
