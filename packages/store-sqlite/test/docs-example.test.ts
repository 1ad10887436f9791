import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The SQLite approximate-index program of docs/memory.md, run as written.
const page = fileURLToPath(new URL('../../../docs/memory.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

function runNode(args: readonly string[], cwd: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('docs/memory.md, an approximate index for SQLite', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import ') && code.includes("vectorIndex: 'hnsw'"));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    await using scratch = await createTemporaryDirectory('orkeon-sqlite-docs-');
    // Beside the package, so that its imports resolve as in a user's project.
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program);
    try {
      const tsx = import.meta.resolve('tsx');
      const { code, out } = await runNode(['--conditions=@orkeon/source', '--import', tsx, file], scratch.path);
      expect(out).not.toMatch(/Error/);
      expect(code).toBe(0);
      const expected = [...program.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
      expect(out.trim().split('\n')).toEqual(expected);
    } finally {
      await rm(file, { force: true });
    }
  }, 60_000);
});
