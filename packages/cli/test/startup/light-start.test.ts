import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const bin = join(root, 'packages/cli/src/bin.ts');
const recorder = join(root, 'packages/cli/test/startup/record-loaded-modules.ts');

let folder: TemporaryDirectory;
beforeAll(async () => {
  folder = await createTemporaryDirectory();
});
afterAll(async () => {
  await folder.remove();
});

/** Runs `orkeon` from the sources, as `./orkeon` does, and returns the URLs of the modules it loaded from bin.ts on. */
async function modulesLoadedBy(args: readonly string[]): Promise<{ code: number | null; modules: string[] }> {
  const list = join(folder.path, `${args.join('_').replaceAll('-', '')}.txt`);
  const child = spawn(
    process.execPath,
    [
      '--conditions=@orkeon/source',
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      '--import',
      pathToFileURL(recorder).href,
      bin,
      ...args,
    ],
    { cwd: folder.path, env: { PATH: process.env.PATH ?? '', ORKEON_LOADED_MODULES: list }, stdio: 'ignore' },
  );
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const loaded = (await readFile(list, 'utf8')).split('\n');
  // What tsx and the recorder load before the command is not the command's doing.
  return { code, modules: loaded.slice(loaded.indexOf(pathToFileURL(bin).href)) };
}

/** A module the start may load: the CLI's own files and commander; Node's built-ins are not files. */
function isLight(url: string): boolean {
  if (!url.startsWith('file:')) return true;
  const path = fileURLToPath(url);
  if (path.startsWith(join(root, 'node_modules/commander/'))) return true;
  // The implementations of the verbs are loaded only when a verb runs.
  return path.startsWith(join(root, 'packages/cli/')) && !/commands\/[a-z-]+-command\.ts$/.test(path);
}

describe('start-up', () => {
  it('orkeon --version answers before the command line loads: only bin, version and package.json', async () => {
    const { code, modules } = await modulesLoadedBy(['--version']);
    expect(code).toBe(0);
    expect(modules.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url))).toEqual([
      bin,
      join(root, 'packages/cli/src/version.ts'),
      join(root, 'packages/cli/package.json'),
    ]);
  });

  it.each([
    [['--help']],
    [['run', '--help']],
    [['serve', '--help']],
    [['studio', '--help']],
    [['init', '--help']],
    [['doctor', '--help']],
    [['mcp', '--help']],
    [['mcp', 'serve', '--help']],
    [['compliance', 'report', '--help']],
    [['keys', 'rotate', '--help']],
    [['help', 'run']],
  ])('orkeon %j loads only commander and the definitions of the verbs', async (args) => {
    const { code, modules } = await modulesLoadedBy(args);
    expect(code).toBe(0);
    expect(modules[0]).toBe(pathToFileURL(bin).href);
    expect(modules).toContain(pathToFileURL(join(root, 'packages/cli/src/commands/run-command-definition.ts')).href);
    expect(modules.filter((url) => !isLight(url))).toEqual([]);
  });

  it('a verb that runs loads its implementation and @orkeon/core then, so the list above would show them', async () => {
    const { code, modules } = await modulesLoadedBy(['doctor', '--json']);
    expect(code).toBe(0);
    expect(modules).toContain(pathToFileURL(join(root, 'packages/cli/src/commands/doctor-command.ts')).href);
    expect(modules).toContain(pathToFileURL(join(root, 'packages/core/src/index.ts')).href);
    expect(modules.filter((url) => !isLight(url)).length).toBeGreaterThan(50);
  });
});
