import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/multimodal.md, run as written.
const page = fileURLToPath(new URL('../../../docs/multimodal.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/multimodal.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const [program, ...others] = await docsPrograms(page);
    expect(others).toHaveLength(0);
    const run = await runDocsProgram({ program: program as string, packageFolder });
    expect(run.code, run.err).toBe(0);
    const expected = expectedOutput(program as string);
    expect(expected).toHaveLength(2);
    expect(run.out.trim().split('\n')).toEqual(expected);
  }, 60_000);
});
