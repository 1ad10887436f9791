import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/event-hub.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/event-hub.md', import.meta.url));
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

describe('docs/event-hub.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import '));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    await using scratch = await createTemporaryDirectory('orkeon-event-hub-docs-');
    // Beside the package, so that its imports resolve as in a user's project.
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program);
    try {
      const result = await runNode(
        ['--conditions=@orkeon/source', '--import', import.meta.resolve('tsx'), file],
        scratch.path,
      );
      const expected = [...program.matchAll(/\/\/ (.+)$/gm)].map((match) => match[1] as string);
      // The runtime's one warning: the example runs without a model, which the hub does not need.
      const warnings = result.err.split('\n').filter((line) => line !== '');
      expect(warnings.filter((line) => !line.includes('No Llm section in the settings'))).toEqual([]);
      expect(result.out.trim().split('\n')).toEqual(expected);
      expect(result.code).toBe(0);
    } finally {
      await rm(file, { force: true });
    }
  }, 60_000);
});
