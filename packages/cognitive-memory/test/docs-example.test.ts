import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, type RecordedRequest, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { analysisAnswer, messageText, useScriptedServer, verdictAnswer } from './test-parts.js';

// The whole program of docs/cognitive-memory.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/cognitive-memory.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const context = useScriptedServer();

/** The verdict that the new memory replaces the one the check showed, whatever its id. */
function replaceWhatWasShown(request: RecordedRequest) {
  const shown = /- id "([^"]+)"/.exec(messageText(request, 'user'))?.[1];
  return verdictAnswer('KeepNew', shown === undefined ? [] : [shown]);
}

describe('docs/cognitive-memory.md', () => {
  it('has an example that runs against the scripted model server and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    expect(text).toContain('experimental');
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    context.server.enqueue(
      analysisAnswer({ importance: 0.8, category: 'location' }),
      analysisAnswer({ importance: 0.8, category: 'location' }),
      replaceWhatWasShown,
    );
    const { code, out, err } = await runDocsProgram({
      program,
      packageFolder,
      environment: {
        SVC_Llm__BaseUrl: context.server.openAiBaseUrl,
        SVC_Llm__Model: 'scripted-model',
        SVC_Llm__EmbeddingModel: 'scripted-embeddings',
        SVC_Llm__MaxRetries: '0',
      },
    });
    expect(err).not.toMatch(/Error/);
    expect(code).toBe(0);
    const expected = expectedOutput(program);
    expect(expected).toHaveLength(4);
    expect(out.trim().split('\n')).toEqual(expected);
    expect(context.server.remainingTurns).toBe(0);
  }, 60_000);
});
