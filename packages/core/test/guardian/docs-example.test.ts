import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/guardrails.md, run as written.
const page = fileURLToPath(new URL('../../../../docs/guardrails.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('../..', import.meta.url));

function runNode(args: readonly string[], cwd: string): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd });
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

describe('docs/guardrails.md', () => {
  it('has examples that run and print what their comments say', async () => {
    const text = await readFile(page, 'utf8');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import '));
    expect(programs).toHaveLength(3);
    const [guardrails, audit, screen] = programs as [string, string, string];
    const ours = await runProgram(guardrails);
    expect(ours.out.trim().split('\n')).toEqual(commentedOutput(guardrails));
    const first = await runProgram(screen);
    // The one log line: the Guardian's warning about the refused call.
    expect(first.err).toContain('Guardian blocked: path traversal');
    expect(first.out.trim().split('\n')).toEqual(commentedOutput(screen));
    const second = await runProgram(audit);
    expect(second.out.trim().split('\n')).toEqual([
      'tool file_read Blocked',
      'guardian file_read ToolExecution: path-traversal',
      ...commentedOutput(audit),
    ]);
  }, 60_000);
});

const commentedOutput = (program: string) =>
  [...program.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);

async function runProgram(program: string): Promise<{ out: string; err: string }> {
  await using scratch = await createTemporaryDirectory('orkeon-guardrails-docs-');
  // Beside the package, so that its imports resolve as in a user's project.
  const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
  await writeFile(file, program);
  try {
    const tsx = import.meta.resolve('tsx');
    const { code, out, err } = await runNode(['--conditions=@orkeon/source', '--import', tsx, file], scratch.path);
    expect(code, err).toBe(0);
    return { out, err };
  } finally {
    await rm(file, { force: true });
  }
}
