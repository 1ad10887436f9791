import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The programs of docs/dlp.md (the ```ts blocks that start with their imports), run as written.
const page = fileURLToPath(new URL('../../../docs/dlp.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/dlp.md', () => {
  it('has examples that run and print what their comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(2);
    const [scan, withRuntime] = programs as [string, string];
    const first = await runDocsProgram({ program: scan, packageFolder });
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    const expected = expectedOutput(scan);
    expect(expected).toHaveLength(3);
    expect(first.out.trim().split('\n')).toEqual(expected);
    // The registration builds a runtime (the one warning is the experimental notice).
    const second = await runDocsProgram({
      program: `${withRuntime}\nawait runtime.dispose();\nconsole.log(crew.tasks[0]?.outputValidation?.forbiddenPii?.toString());\n`,
      packageFolder,
    });
    expect(second.err).not.toMatch(/Error/);
    expect(second.err).toContain('SVCEXP006');
    expect(second.code).toBe(0);
    expect(second.out.trim()).toBe('Email,CreditCard');
  }, 60_000);
});
