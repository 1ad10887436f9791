import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram, startScriptedModelServer } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/evaluation.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/evaluation.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/evaluation.md', () => {
  it('has an example that runs against the scripted model server and prints what its comments say', async () => {
    await using server = await startScriptedModelServer();
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    server.enqueue({ text: 'Paris is the capital of France.' }, { text: 'It is Paris.' });
    const { code, out, err } = await runDocsProgram({
      program,
      packageFolder,
      environment: {
        SVC_Llm__BaseUrl: server.openAiBaseUrl,
        SVC_Llm__Model: 'scripted-model',
        SVC_Llm__MaxRetries: '0',
      },
    });
    expect(err).not.toMatch(/Error/);
    expect(code).toBe(0);
    const expected = expectedOutput(program);
    expect(expected).toHaveLength(4);
    expect(out.trim().split('\n')).toEqual(expected);
    expect(server.remainingTurns).toBe(0);
  }, 60_000);

  it('documents every setting of Svc:Benchmarking', async () => {
    const text = await readFile(page, 'utf8');
    const { benchmarkingSettings } = await import('../src/index.js');
    const keys = (schema: { properties?: Record<string, unknown> }, prefix: string): string[] =>
      Object.entries(schema.properties ?? {}).flatMap(([key, value]) => {
        const nested = value as { properties?: Record<string, unknown> };
        return nested.properties === undefined ? [`${prefix}:${key}`] : keys(nested, `${prefix}:${key}`);
      });
    const all = keys(benchmarkingSettings.jsonSchema, 'Svc:Benchmarking');
    expect(all).toHaveLength(10);
    for (const key of all) expect(text).toContain(`| \`${key}\` |`);
  });
});
