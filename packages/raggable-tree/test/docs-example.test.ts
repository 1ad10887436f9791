import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/codebase-context.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/codebase-context.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

function runNode(args: readonly string[], cwd: string) {
  // No SVC_ settings of the machine: they would be judged too.
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

describe('docs/codebase-context.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import { mkdir'));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    await using scratch = await createTemporaryDirectory('orkeon-code-docs-');
    // Beside the package, so that its imports resolve as in a user's project.
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program);
    try {
      const result = await runNode(
        ['--conditions=@orkeon/source', '--import', import.meta.resolve('tsx'), file],
        scratch.path,
      );
      // What each console.log line says it prints, after its `// `.
      const expected = program
        .split('\n')
        .filter((line) => line.startsWith('console.log('))
        .map((line) => line.slice(line.indexOf('; // ') + '; // '.length));
      expect(result.err.split('\n').filter((line) => line !== '' && !line.includes('No Llm section'))).toEqual([]);
      expect(result.out.replace(/\n$/, '').split('\n')).toEqual(expected);
      expect(result.code).toBe(0);
    } finally {
      await rm(file, { force: true });
    }
  }, 60_000);
});
