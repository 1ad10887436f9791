import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The first program of docs/embeddings.md (a ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/embeddings.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

function runNode(args: readonly string[], cwd: string) {
  // Only the settings of the program: SVC_ variables of the machine would be judged too.
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SVC_/i.test(name)));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: environment });
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

describe('docs/embeddings.md', () => {
  it('has an example that runs offline and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    const program = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .find((code) => code.startsWith('import ') && code.includes('addSvcLocalEmbeddings'));
    expect(program).toBeDefined();
    await using scratch = await createTemporaryDirectory('orkeon-embeddings-docs-');
    // Beside the package, so that its imports resolve as in a user's project; run in an empty working directory.
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program as string);
    try {
      const tsx = import.meta.resolve('tsx');
      const { code, out, err } = await runNode(['--conditions=@orkeon/source', '--import', tsx, file], scratch.path);
      expect(err).not.toMatch(/Error/);
      expect(code).toBe(0);
      const expected = [...(program as string).matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
      expect(expected).toHaveLength(3);
      expect(out.trim().split('\n')).toEqual(expected);
    } finally {
      await rm(file, { force: true });
    }
  });
});
