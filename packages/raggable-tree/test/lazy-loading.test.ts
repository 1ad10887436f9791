import { spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// Start-up cost: a program that registers the code tools does not load web-tree-sitter
// (WebAssembly) or a grammar until the index is first built. Watched in a fresh process with a
// module load hook (`module.registerHooks`, Node 22.15 and later).

const packageFolder = fileURLToPath(new URL('..', import.meta.url));

const program = `import { registerHooks } from 'node:module';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
const heavy = () => ({
  treeSitter: loaded.some((url) => url.includes('web-tree-sitter')),
});
const { addRaggableTree, raggableTreeSettings } = await import('@orkeon/raggable-tree');
const { Configuration, coreSettingsSections, createRuntime, ServiceCollection } = await import('@orkeon/core');
const configuration = Configuration.fromObject({}, [...coreSettingsSections, raggableTreeSettings]);
const services = new ServiceCollection();
addRaggableTree(services, configuration);
const runtime = await createRuntime({ services, configuration, mounts: [{ physical: process.argv[2], virtual: '/crew', rights: 'ro' }] });
const steps = { registered: heavy() };
await runtime.pipeline.invoke({ tool: 'codebase_map', input: {}, caller: { kind: 'host' } });
steps.indexed = heavy();
await runtime.dispose();
process.stdout.write(JSON.stringify(steps));
`;

function runNode(args: readonly string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: packageFolder });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

describe('start-up cost', () => {
  it.skipIf(!('registerHooks' in nodeModule))(
    'loads web-tree-sitter at the first index, not before',
    async () => {
      await using code = await createTemporaryDirectory('orkeon-code-lazy-');
      await mkdir(join(code.path, 'src'));
      await writeFile(join(code.path, 'src', 'a.ts'), 'export function a() { return 1; }\n');
      const file = join(packageFolder, `.lazy-loading-${process.pid}.mts`);
      await writeFile(file, program);
      try {
        const result = await runNode([
          '--conditions=@orkeon/source',
          '--import',
          import.meta.resolve('tsx'),
          file,
          code.path,
        ]);
        expect(result.code, result.err).toBe(0);
        expect(JSON.parse(result.out)).toEqual({
          registered: { treeSitter: false },
          indexed: { treeSitter: true },
        });
      } finally {
        await rm(file, { force: true });
      }
    },
    60_000,
  );
});
