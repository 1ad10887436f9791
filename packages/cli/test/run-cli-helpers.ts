import { PassThrough } from 'node:stream';
import { type RunCliOptions, runCli } from '../src/index.js';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `orkeon` in this process with captured output and a controlled environment. */
export async function runOrkeon(
  argv: string[],
  options: { environment?: Record<string, string>; workingDirectory?: string } & Pick<
    RunCliOptions,
    'commands' | 'signal'
  > = {},
): Promise<CliResult> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.on('data', (chunk) => err.push(String(chunk)));
  const code = await runCli(argv, {
    io: {
      stdout,
      stderr,
      environment: options.environment ?? {},
      workingDirectory: options.workingDirectory ?? process.cwd(),
    },
    ...(options.commands === undefined ? {} : { commands: options.commands }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}
