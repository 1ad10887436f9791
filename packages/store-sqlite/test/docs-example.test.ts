import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The SQLite approximate-index program of docs/memory.md, run as written.
const page = fileURLToPath(new URL('../../../docs/memory.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/memory.md, an approximate index for SQLite', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const programs = (await docsPrograms(page)).filter((code) => code.includes("vectorIndex: 'hnsw'"));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const { code, combined: out } = await runDocsProgram({ program, packageFolder });
    expect(out).not.toMatch(/Error/);
    expect(code).toBe(0);
    const expected = expectedOutput(program);
    expect(out.trim().split('\n')).toEqual(expected);
  }, 60_000);
});
