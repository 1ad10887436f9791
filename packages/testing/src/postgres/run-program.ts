import { spawn } from 'node:child_process';

export interface ProgramResult {
  readonly exitCode: number | null;
  readonly output: string;
}

/**
 * Runs a program and resolves when it exits, with its standard output and error
 * together. It resolves on exit rather than on closed pipes, because `pg_ctl start`
 * leaves a server behind that could hold them open.
 */
export function runProgram(
  file: string,
  args: readonly string[],
  options: { cwd: string; timeoutMilliseconds: number },
): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMilliseconds);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      // Output already written may still be in flight on the pipes; let it land first.
      setImmediate(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        resolve({ exitCode, output: Buffer.concat(chunks).toString('utf8') });
      });
    });
  });
}
