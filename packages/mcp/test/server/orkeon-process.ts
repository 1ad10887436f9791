import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** `node … orkeon` from the sources: the command and arguments, for a child process or an SDK's stdio transport. */
export function orkeonCommand(args: readonly string[]): { command: string; args: string[] } {
  return {
    command: process.execPath,
    args: [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(`${root}node_modules/tsx/dist/loader.mjs`).href,
      `${root}packages/cli/src/bin.ts`,
      ...args,
    ],
  };
}

export const quickstartCrew = `${root}examples/quickstart`;

/** Starts `orkeon mcp serve --http 127.0.0.1:0 …` and waits for the URL it prints. */
export async function startHttpServe(
  args: readonly string[],
  options: { cwd: string },
): Promise<{ url: string; child: ChildProcess; stop(): Promise<number | null> }> {
  const { command, args: full } = orkeonCommand(['mcp', 'serve', '--http', '127.0.0.1:0', ...args]);
  const child = spawn(command, full, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /MCP server at (\S+?)[;\s]/.exec(stderr);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`orkeon mcp serve exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
