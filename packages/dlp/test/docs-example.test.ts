import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The programs of docs/dlp.md (the ```ts blocks that start with their imports), run as written.
const page = fileURLToPath(new URL('../../../docs/dlp.md', import.meta.url));
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

async function runProgram(program: string, index: number) {
  await using scratch = await createTemporaryDirectory('orkeon-dlp-docs-');
  // Beside the package, so that its imports resolve as in a user's project.
  const file = join(packageFolder, `.docs-example-${process.pid}-${index}.mts`);
  await writeFile(file, program);
  try {
    return await runNode(['--conditions=@orkeon/source', '--import', import.meta.resolve('tsx'), file], scratch.path);
  } finally {
    await rm(file, { force: true });
  }
}

describe('docs/dlp.md', () => {
  it('has examples that run and print what their comments say', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import '));
    expect(programs).toHaveLength(2);
    const [scan, withRuntime] = programs as [string, string];
    const first = await runProgram(scan, 0);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const expected = [...scan.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
    expect(expected).toHaveLength(3);
    expect(first.out.trim().split('\n')).toEqual(expected);
    // The registration builds a runtime (the one warning is the experimental notice).
    const second = await runProgram(
      `${withRuntime}\nawait runtime.dispose();\nconsole.log(crew.tasks[0]?.outputValidation?.forbiddenPii?.toString());\n`,
      1,
    );
    expect(second.err).not.toMatch(/Error/);
    expect(second.err).toContain('SVCEXP006');
    expect(second.code).toBe(0);
    expect(second.out.trim()).toBe('Email,CreditCard');
  }, 60_000);
});
