import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram, startScriptedModelServer } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/plugins.md, run as written from the repository root against the scripted model server.
const page = fileURLToPath(new URL('../../../docs/plugins.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('docs/plugins.md', () => {
  it('says plugins run with full trust, and its example loads the example plugins and prints what it says', async () => {
    const text = await readFile(page, 'utf8');
    expect(text).toContain('**A plugin runs with full trust.**');
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(2);
    const program = programs[1] as string;
    await using server = await startScriptedModelServer();
    server.enqueue(
      { toolCalls: [{ name: 'word_stats', arguments: { text: 'Plugins load. They run!' } }] },
      { text: 'It has 4 words.' },
    );
    const { code, out, err } = await runDocsProgram({
      program,
      packageFolder,
      workingDirectory: repositoryRoot,
      environment: { GATEWAY_URL: server.openAiBaseUrl },
    });
    expect(err).not.toMatch(/Error/);
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toEqual(expectedOutput(program));
    expect(server.requests.map((request) => request.body?.model)).toEqual(['editor-model', 'editor-model']);
  }, 60_000);
});
