import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

interface StartOptions {
  cwd: string;
  environment: Record<string, string>;
  /** `pipe` gives the test the process's standard input to write to; by default it reads nothing. */
  stdin?: 'pipe' | 'ignore';
}

/** Starts a real `orkeon` process from the sources, as `./orkeon` runs it. */
export function startOrkeon(
  args: readonly string[],
  options: StartOptions & { stdin: 'pipe' },
): ChildProcessWithoutNullStreams;
export function startOrkeon(args: readonly string[], options: StartOptions): ChildProcess;
export function startOrkeon(args: readonly string[], options: StartOptions): ChildProcess {
  const [command, ...rest] = orkeonCommand(args);
  return spawn(command ?? process.execPath, rest, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.environment },
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts `orkeon` on a pseudo-terminal (util-linux `script`), so that it sees a TTY on
 * standard input, output and error, as in a person's terminal. What it wrote comes back
 * on the child's standard output, with `\r\n` line ends and the terminal's escapes.
 */
export function startOrkeonOnTerminal(args: readonly string[], options: Omit<StartOptions, 'stdin'>): ChildProcess {
  const line = orkeonCommand(args)
    .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
    .join(' ');
  return spawn('script', ['--quiet', '--return', '--command', line, '/dev/null'], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...options.environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The command line that runs `orkeon <args>` from the sources, as `./orkeon` does. */
export function orkeonCommand(args: readonly string[]): string[] {
  return [
    process.execPath,
    '--conditions=@orkeon/source',
    '--import',
    pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
    bin,
    ...args,
  ];
}

export interface FinishedProcess {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Collects a process's output until it ends. */
export function finished(child: ChildProcess): Promise<FinishedProcess> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/** Waits for `orkeon serve`'s readiness line on standard error; resolves with the URL it serves at. */
export function servingUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk) => {
      seen += chunk;
      const match = /serving '.*' at (\S+) \(skills:/.exec(seen);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.on('close', () => reject(new Error(`orkeon serve ended early:\n${seen}`)));
  });
}
