import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram, startScriptedModelServer } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { studioSettings } from '../src/index.js';

// The program of docs/studio.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/studio.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));

describe('docs/studio.md', () => {
  it('has an example that serves Studio, starts a run through its API and prints what its comments say', async () => {
    await using server = await startScriptedModelServer();
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    server.enqueue({ text: 'Bees dance to tell where flowers are.' });
    const { code, out, err } = await runDocsProgram({
      program,
      packageFolder,
      environment: { SVC_Llm__BaseUrl: server.openAiBaseUrl, SVC_Llm__Model: 'scripted', SVC_Llm__MaxRetries: '0' },
    });
    expect(err).not.toMatch(/Error/);
    expect(code).toBe(0);
    const expected = expectedOutput(program);
    expect(expected).toHaveLength(3);
    expect(out.trim().split('\n')).toEqual(expected);
    expect(JSON.stringify(server.requests[0]?.body)).toContain('Write one sentence about bees.');
  }, 60_000);

  it('documents every setting of Svc:Studio', async () => {
    const text = await readFile(page, 'utf8');
    const keys = Object.keys((studioSettings.jsonSchema as { properties: Record<string, unknown> }).properties);
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(text).toContain(`\`Svc:Studio:${key}\``);
  });
});
