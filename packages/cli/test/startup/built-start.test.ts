import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The built command as the published package runs it: `npm run build` joins what every start
// loads into dist/start.js (scripts/bundle-cli-start.mjs). `./orkeon --version` builds first
// when a source is newer than the last build, as it does for a user.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const dist = join(root, 'packages/cli/dist');
const bin = join(dist, 'bin.js');
const recorder = join(root, 'packages/cli/test/startup/record-loaded-modules.ts');

let folder: TemporaryDirectory;
beforeAll(async () => {
  folder = await createTemporaryDirectory();
  await promisify(execFile)(join(root, 'orkeon'), ['--version'], { cwd: root });
}, 600_000);
afterAll(async () => {
  await folder.remove();
});

async function runBuilt(args: readonly string[]): Promise<{ code: number | null; stdout: string; modules: string[] }> {
  const list = join(folder.path, `${args.join('_').replaceAll('-', '')}.txt`);
  const child = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
      '--import',
      pathToFileURL(recorder).href,
      bin,
      ...args,
    ],
    {
      cwd: folder.path,
      env: { PATH: process.env.PATH ?? '', ORKEON_LOADED_MODULES: list },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const loaded = (await readFile(list, 'utf8')).split('\n');
  return {
    code,
    stdout,
    modules: loaded.slice(loaded.indexOf(pathToFileURL(bin).href)).filter((url) => url.startsWith('file:')),
  };
}

describe('the built start', () => {
  it('orkeon run --help reads three files: bin.js, the joined start.js and package.json', async () => {
    const { code, stdout, modules } = await runBuilt(['run', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('Usage: orkeon run [options] <crew>');
    expect(modules.map((url) => fileURLToPath(url))).toEqual([
      bin,
      join(dist, 'start.js'),
      join(root, 'packages/cli/package.json'),
    ]);
  });

  it('orkeon run --help leaves node:child_process unloaded: commander gets it only on first use', async () => {
    const recorder = join(folder.path, 'record-builtins.mjs');
    const list = join(folder.path, 'builtins.txt');
    await writeFile(
      recorder,
      "import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(process.env.OUT, process.moduleLoadList.join('\\n')));\n",
    );
    const child = spawn(process.execPath, ['--import', pathToFileURL(recorder).href, bin, 'run', '--help'], {
      cwd: folder.path,
      env: { PATH: process.env.PATH ?? '', OUT: list },
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => child.on('close', resolve))).toBe(0);
    const builtins = (await readFile(list, 'utf8')).split('\n');
    expect(builtins).toContain('NativeModule fs');
    expect(builtins).not.toContain('NativeModule child_process');
  });

  it('a verb still finds its implementation where tsc put it, and loads it once', async () => {
    const { code, stdout, modules } = await runBuilt(['doctor', '--json']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveProperty('checks');
    const doctor = pathToFileURL(join(dist, 'commands/doctor-command.js')).href;
    expect(modules.filter((url) => url === doctor)).toHaveLength(1);
    // The definitions and commander live in start.js only: no second copy from their own files.
    expect(modules).not.toContain(pathToFileURL(join(dist, 'run-cli.js')).href);
    expect(modules.some((url) => url.includes('/node_modules/commander/'))).toBe(false);
  });
});
