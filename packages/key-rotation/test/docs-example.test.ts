import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The programs of docs/key-rotation.md (the ```ts blocks that start with their imports), run as written.
const page = fileURLToPath(new URL('../../../docs/key-rotation.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/key-rotation.md', () => {
  it('has examples that run and print what their comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(2);
    for (const program of programs) {
      const run = await runDocsProgram({ program, packageFolder });
      expect(run.err).toBe('');
      expect(run.code).toBe(0);
      const expected = expectedOutput(program);
      expect(expected.length).toBeGreaterThanOrEqual(2);
      expect(run.out.trim().split('\n')).toEqual(expected);
    }
  }, 60_000);
});
