import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { orkeonCommand } from '../orkeon-process.js';

/** A real `orkeon` process on a pseudo-terminal that a test types into, as a person would. */
export interface TerminalSession {
  /** Resolves once the screen shows `text` (after what earlier waits consumed); rejects after 20 s. */
  waitFor(text: string): Promise<void>;
  /** Types `text` and Enter. */
  answer(text: string): void;
  /** Types raw keys (e.g. `\u0004` for Ctrl+D). */
  press(keys: string): void;
  /** Everything shown so far, the terminal's escapes and carriage returns removed. */
  screen(): string;
  /** Resolves with the exit code once the process has ended. */
  readonly exited: Promise<number | null>;
  /** Ends the process if it still runs (a test that failed half-way), and closes its input. */
  close(): Promise<void>;
}

/**
 * Starts `orkeon <args>` from the sources (as `./orkeon` runs them) under util-linux `script`, so
 * that its standard input, output and error are a terminal; what the test writes to `script`'s
 * standard input reaches the terminal as typed keys.
 */
export function startTerminalSession(
  args: readonly string[],
  options: { cwd: string; environment?: Record<string, string> },
): TerminalSession {
  const line = orkeonCommand(args)
    .map((word) => `'${word.replaceAll("'", "'\\''")}'`)
    .join(' ');
  const child: ChildProcessWithoutNullStreams = spawn(
    'script',
    ['--quiet', '--return', '--command', line, '/dev/null'],
    {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', TERM: 'xterm', ...options.environment },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  let shown = '';
  let consumed = 0;
  const listeners = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
    for (const listener of listeners) listener();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const screen = () => cleaned(shown);
  return {
    screen,
    exited,
    answer: (text) => child.stdin.write(`${text}\r`),
    press: (keys) => child.stdin.write(keys),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill();
      child.stdin.end();
      await exited;
    },
    waitFor: (text) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          const at = screen().indexOf(text, consumed);
          if (at < 0) return false;
          consumed = at + text.length;
          listeners.delete(listener);
          clearTimeout(timer);
          resolve();
          return true;
        };
        const listener = () => void check();
        const timer = setTimeout(() => {
          listeners.delete(listener);
          reject(new Error(`The terminal never showed '${text}'. It shows:\n${screen()}`));
        }, 20_000);
        listeners.add(listener);
        check();
        void exited.then(() => {
          if (listeners.has(listener) && !check()) {
            listeners.delete(listener);
            clearTimeout(timer);
            reject(new Error(`orkeon ended before the terminal showed '${text}'. It shows:\n${screen()}`));
          }
        });
      }),
  };
}

/** The text a person reads: the terminal's escape sequences and carriage returns removed. */
function cleaned(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are what is removed
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
}
