import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The programs of docs/dlp.md (the ```ts blocks that start with their imports), run as written.
const page = fileURLToPath(new URL('../../../docs/dlp.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

/** Runs a program and checks it prints what its comments say. */
async function printsWhatItSays(program: string, lines: number): Promise<void> {
  const run = await runDocsProgram({ program, packageFolder });
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  const expected = expectedOutput(program);
  expect(expected).toHaveLength(lines);
  expect(run.out.trim().split('\n')).toEqual(expected);
}

describe('docs/dlp.md', () => {
  it('has examples that run and print what their comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(4);
    const [interceptors, pipeline, scan, withRuntime] = programs as [string, string, string, string];
    // The four run side by side: each is a process of its own.
    const [second] = await Promise.all([
      runDocsProgram({
        program: `${withRuntime}\nawait runtime.dispose();\nconsole.log(crew.tasks[0]?.outputValidation?.forbiddenPii?.toString());\n`,
        packageFolder,
      }),
      printsWhatItSays(interceptors, 4),
      printsWhatItSays(pipeline, 1),
      printsWhatItSays(scan, 3),
    ]);
    // The registration builds a runtime (the one warning is the experimental notice).
    expect(second.err).not.toMatch(/Error/);
    expect(second.err).toContain('SVCEXP006');
    expect(second.code).toBe(0);
    expect(second.out.trim()).toBe('Email,CreditCard');
  }, 90_000);
});
