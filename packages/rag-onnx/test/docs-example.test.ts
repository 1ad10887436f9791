import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createTemporaryDirectory,
  docsPrograms,
  expectedOutput,
  runDocsProgram,
  writeTinyCrossEncoder,
} from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/rag-onnx.md (the ```ts block that starts with its imports), run as written in a
// working directory whose model folder holds the tests' tiny cross-encoder instead of MiniLM.
const page = fileURLToPath(new URL('../../../docs/rag-onnx.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/rag-onnx.md', () => {
  it('has an example that runs and prints what its comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    const folder = /ModelDirectory: '([^']+)'/.exec(program)?.[1];
    expect(folder).toBe('models/ms-marco-MiniLM-L-6-v2');
    await using scratch = await createTemporaryDirectory('orkeon-rag-onnx-docs-');
    await writeTinyCrossEncoder(join(scratch.path, folder as string));
    const result = await runDocsProgram({ program, packageFolder, workingDirectory: scratch.path });
    const expected = expectedOutput(program);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    // The runtime's one warning: the example runs without a model, which retrieval does not need.
    const warnings = result.err.split('\n').filter((line) => line !== '');
    expect(warnings.filter((line) => !line.includes('No Llm section in the settings'))).toEqual([]);
    expect(result.out.trim().split('\n')).toEqual(expected);
    expect(result.code).toBe(0);
  }, 60_000);
});
