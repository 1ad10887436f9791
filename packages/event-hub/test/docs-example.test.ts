import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/event-hub.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/event-hub.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/event-hub.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const result = await runDocsProgram({ program, packageFolder });
    const expected = expectedOutput(program);
    // The runtime's one warning: the example runs without a model, which the hub does not need.
    const warnings = result.err.split('\n').filter((line) => line !== '');
    expect(warnings.filter((line) => !line.includes('No Llm section in the settings'))).toEqual([]);
    expect(result.out.trim().split('\n')).toEqual(expected);
    expect(result.code).toBe(0);
  }, 60_000);
});
