import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const buildLine = 'orkeon: building the packages, a source changed since the last build (npm run build)\n';
const failedLine = "orkeon: the last build failed (run 'npm run build' to see why); running the TypeScript sources\n";

// The real `orkeon` script and set-up scripts in a small repository of the same shape,
// whose `npm run build` is a counter that writes a bin.js, so that the script's choices
// (build or not, built command or sources) show in what runs.
let repository: TemporaryDirectory;
const at = (...parts: string[]) => join(repository.path, ...parts);

beforeEach(async () => {
  repository = await createTemporaryDirectory();
  for (const file of ['orkeon', 'scripts/setup.sh', 'scripts/use-node.sh']) {
    await mkdir(join(at(file), '..'), { recursive: true });
    await copyFile(join(root, file), at(file));
  }
  await writeFile(at('package.json'), JSON.stringify({ private: true, scripts: { build: 'node build.mjs' } }));
  await writeFile(at('tsconfig.base.json'), '{}');
  await writeFile(
    at('build.mjs'),
    [
      "import { appendFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';",
      "appendFileSync('builds.log', 'build\\n');",
      "if (existsSync('packages/demo/src/broken.ts')) { console.error('broken.ts: error TS1'); process.exit(2); }",
      "for (const name of ['cli', 'demo']) mkdirSync('packages/' + name + '/dist', { recursive: true });",
      `writeFileSync('packages/cli/dist/bin.js', "console.log('built ' + process.argv.slice(2).join(' '));");`,
    ].join('\n'),
  );
  for (const name of ['cli', 'demo']) {
    await mkdir(at('packages', name, 'src'), { recursive: true });
    await writeFile(at('packages', name, 'package.json'), '{}');
    await writeFile(at('packages', name, 'tsconfig.build.json'), '{}');
  }
  await writeFile(at('packages/demo/src/index.ts'), 'export const demo = 1;\n');
  await writeFile(
    at('packages/cli/src/bin.ts'),
    "const args: string[] = process.argv.slice(2);\nconsole.log('sources ' + args.join(' '));\n",
  );
  // Installed already: the lock file is older than the install stamp, which names this Node.
  await mkdir(at('node_modules'));
  await symlink(join(root, 'node_modules/tsx'), at('node_modules/tsx'));
  await writeFile(at('package-lock.json'), '{}');
  // Every file an hour old, so that only what a test changes is newer than a build it runs.
  await makeOld(repository.path);
  await writeFile(at('node_modules/.orkeon-installed'), `${process.version}\n`);
});

async function makeOld(path: string): Promise<void> {
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) await makeOld(join(path, entry.name));
    else await utimes(join(path, entry.name), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
  }
  const past = new Date(Date.now() - 3_600_000);
  await utimes(path, past, past);
}
afterEach(async () => {
  await repository.remove();
});

async function orkeon(
  args: readonly string[],
  environment: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; builds: number }> {
  const { stdout, stderr } = await promisify(execFile)(at('orkeon'), [...args], {
    cwd: repository.path,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? repository.path, ...environment },
  });
  const log = await readFile(at('builds.log'), 'utf8').catch(() => '');
  return { stdout, stderr, builds: log.split('\n').filter(Boolean).length };
}

async function touch(file: string): Promise<void> {
  const now = new Date();
  await utimes(at(file), now, now);
}

describe('./orkeon', () => {
  it('builds once on first use, saying so in one line, then runs the built command without building', async () => {
    expect(await orkeon(['--version'])).toEqual({ stdout: 'built --version\n', stderr: buildLine, builds: 1 });
    expect(await orkeon(['run', '--help'])).toEqual({ stdout: 'built run --help\n', stderr: '', builds: 1 });
  });

  it('builds again when a source, a package.json or a tsconfig is newer than the last build', async () => {
    await orkeon(['--version']);
    for (const [file, expectedBuilds] of [
      ['packages/demo/src/index.ts', 2],
      ['packages/cli/package.json', 3],
      ['packages/demo/tsconfig.build.json', 4],
    ] as const) {
      await touch(file);
      expect(await orkeon(['--version'])).toEqual({
        stdout: 'built --version\n',
        stderr: buildLine,
        builds: expectedBuilds,
      });
    }
  });

  it("builds again when a source is deleted or a package's dist/ is missing", async () => {
    await orkeon(['--version']);
    await rm(at('packages/demo/src/index.ts'));
    expect((await orkeon(['--version'])).builds).toBe(2);
    await rm(at('packages/demo/dist'), { recursive: true });
    expect(await orkeon(['--version'])).toEqual({ stdout: 'built --version\n', stderr: buildLine, builds: 3 });
  });

  it('after a failed build runs the sources, and builds again only once a source changes', async () => {
    await writeFile(at('packages/demo/src/broken.ts'), '');
    const failed = await orkeon(['--version']);
    expect(failed.stdout).toBe('sources --version\n');
    expect(failed.stderr).toBe(`${buildLine}broken.ts: error TS1\n${failedLine}`);
    expect(await orkeon(['--version'])).toEqual({ stdout: 'sources --version\n', stderr: failedLine, builds: 1 });
    await rm(at('packages/demo/src/broken.ts'));
    expect(await orkeon(['--version'])).toEqual({ stdout: 'built --version\n', stderr: buildLine, builds: 2 });
  });

  it('with a Node provisioned in .tools/, uses it without starting the system Node to ask its version', async () => {
    const pinned = /ORKEON_NODE_PINNED="([^"]+)"/.exec(await readFile(at('scripts/use-node.sh'), 'utf8'))?.[1] ?? '';
    const platform = process.platform === 'darwin' ? 'darwin' : 'linux';
    const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
    const bin = at('.tools', `node-${pinned}`, 'node_modules', `node-${platform}-${arch}`, 'bin');
    const fakeSystem = at('system-bin');
    await mkdir(bin, { recursive: true });
    await mkdir(fakeSystem);
    // Each "node" records that it ran, then runs the real one.
    const wrapper = (log: string) => `#!/bin/sh\necho ran >> "${at(log)}"\nexec "${process.execPath}" "$@"\n`;
    await writeFile(join(bin, 'node'), wrapper('pinned.log'), { mode: 0o755 });
    await writeFile(join(fakeSystem, 'node'), wrapper('system.log'), { mode: 0o755 });
    await writeFile(at('node_modules/.orkeon-installed'), `v${pinned}\n`);
    const result = await orkeon(['--version'], { PATH: `${fakeSystem}:${process.env.PATH ?? ''}` });
    expect(result.stdout).toBe('built --version\n');
    expect(await readFile(at('pinned.log'), 'utf8')).toContain('ran');
    await expect(readFile(at('system.log'), 'utf8')).rejects.toThrow();
  });

  it('ORKEON_FROM_SOURCE=1 runs the sources and never builds', async () => {
    expect(await orkeon(['--help'], { ORKEON_FROM_SOURCE: '1' })).toEqual({
      stdout: 'sources --help\n',
      stderr: '',
      builds: 0,
    });
  });
});
