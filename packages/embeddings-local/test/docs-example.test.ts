import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The first program of docs/embeddings.md (a ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/embeddings.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/embeddings.md', () => {
  it('has an example that runs offline and prints what its comments say', async () => {
    const program = (await docsPrograms(page)).find((code) => code.includes('addSvcLocalEmbeddings'));
    expect(program).toBeDefined();
    const { code, out, err } = await runDocsProgram({ program: program as string, packageFolder });
    expect(err).not.toMatch(/Error/);
    expect(code).toBe(0);
    const expected = expectedOutput(program as string);
    expect(expected).toHaveLength(3);
    expect(out.trim().split('\n')).toEqual(expected);
  });
});
