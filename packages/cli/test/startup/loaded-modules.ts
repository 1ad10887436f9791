import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** The file URL of a path in the repository, as the module list names it. */
export const moduleUrl = (path: string) => pathToFileURL(join(root, path)).href;

/**
 * Runs `orkeon <args>` from the sources in `cwd` and resolves with its exit code and the URL of
 * every module it loaded, in order (`record-loaded-modules.ts`).
 */
export async function loadedModulesOf(
  args: readonly string[],
  options: { cwd: string; environment?: Record<string, string> },
): Promise<{ code: number | null; modules: string[] }> {
  const folder = await mkdtemp(join(tmpdir(), 'orkeon-modules-'));
  try {
    const list = join(folder, 'modules.txt');
    const child = spawn(
      process.execPath,
      [
        '--conditions=@orkeon/source',
        '--import',
        moduleUrl('node_modules/tsx/dist/loader.mjs'),
        '--import',
        moduleUrl('packages/cli/test/startup/record-loaded-modules.ts'),
        join(root, 'packages/cli/src/bin.ts'),
        ...args,
      ],
      {
        cwd: options.cwd,
        env: { PATH: process.env.PATH ?? '', ORKEON_LOADED_MODULES: list, ...options.environment },
        stdio: 'ignore',
      },
    );
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, modules: (await readFile(list, 'utf8')).split('\n') };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
