import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The whole programs of docs/memory-stores/lancedb.md (the ```ts blocks that start with their imports), run as written.
const page = fileURLToPath(new URL('../../../docs/memory-stores/lancedb.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/memory-stores/lancedb.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const { code, combined: out } = await runDocsProgram({ program, packageFolder });
    expect(out).not.toMatch(/Error/);
    expect(code).toBe(0);
    const expected = expectedOutput(program);
    expect(out.trim().split('\n')).toEqual(expected);
  }, 60_000);
});
