import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/codebase-context.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/codebase-context.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/codebase-context.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const programs = (await docsPrograms(page)).filter((code) => code.startsWith('import { mkdir'));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const result = await runDocsProgram({ program, packageFolder });
    // What each console.log line says it prints, after its `// `.
    const expected = expectedOutput(program);
    expect(result.err.split('\n').filter((line) => line !== '' && !line.includes('No Llm section'))).toEqual([]);
    expect(result.out.replace(/\n$/, '').split('\n')).toEqual(expected);
    expect(result.code).toBe(0);
  }, 60_000);
});
