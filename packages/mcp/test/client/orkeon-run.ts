import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** A running `orkeon run`: the process, what it wrote so far, and its exit code once it ends. */
export interface OrkeonRunProcess {
  readonly child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly output: { stdout: string; stderr: string };
  readonly exited: Promise<number | null>;
}

/** Starts `orkeon run` from the sources, as `./orkeon` does, in a real process with only PATH and `environment`. */
export function startOrkeonRun(
  args: readonly string[],
  cwd: string,
  environment: Record<string, string>,
): OrkeonRunProcess {
  const child = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      join(root, 'packages/cli/src/bin.ts'),
      'run',
      ...args,
    ],
    { cwd, env: { PATH: process.env.PATH ?? '', ...environment }, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (output.stdout += chunk));
  child.stderr.on('data', (chunk) => (output.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, output, exited };
}

/** Runs `orkeon run` with standard input closed, to its end. */
export async function orkeonRun(args: readonly string[], cwd: string, environment: Record<string, string>) {
  const run = startOrkeonRun(args, cwd, environment);
  run.child.stdin.end();
  const code = await run.exited;
  return { code, ...run.output };
}
