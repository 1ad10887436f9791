import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/monitoring.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/monitoring.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/monitoring.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const run = await runDocsProgram({ program, packageFolder });
    expect(run.code, run.err).toBe(0);
    const expected = expectedOutput(program);
    expect(expected).toHaveLength(2);
    expect(run.out.trim().split('\n')).toEqual(expected);
  }, 60_000);
});
