import { spawn } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemporaryDirectory, type RecordedRequest } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { analysisAnswer, messageText, useScriptedServer, verdictAnswer } from './test-parts.js';

// The whole program of docs/cognitive-memory.md (the ```ts block that starts with its imports), run as written.
const page = fileURLToPath(new URL('../../../docs/cognitive-memory.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('..', import.meta.url));
const context = useScriptedServer();

function runNode(args: readonly string[], cwd: string, environment: Record<string, string>) {
  // Only the settings given here: other SVC_ variables of the machine would be judged too.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^SVC_/i.test(name)));
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...inherited, ...environment } });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** The verdict that the new memory replaces the one the check showed, whatever its id. */
function replaceWhatWasShown(request: RecordedRequest) {
  const shown = /- id "([^"]+)"/.exec(messageText(request, 'user'))?.[1];
  return verdictAnswer('KeepNew', shown === undefined ? [] : [shown]);
}

describe('docs/cognitive-memory.md', () => {
  it('has an example that runs against the scripted model server and prints what its comments say', async () => {
    const text = await readFile(page, 'utf8');
    expect(text).toContain('experimental');
    const programs = [...text.matchAll(/```ts\n([\s\S]*?)```/g)]
      .map((match) => match[1] ?? '')
      .filter((code) => code.startsWith('import '));
    expect(programs).toHaveLength(1);
    const program = programs[0] as string;
    context.server.enqueue(
      analysisAnswer({ importance: 0.8, category: 'location' }),
      analysisAnswer({ importance: 0.8, category: 'location' }),
      replaceWhatWasShown,
    );
    await using scratch = await createTemporaryDirectory('orkeon-cognitive-docs-');
    // Beside the package, so that its imports resolve as in a user's project; run in an empty working directory.
    const file = join(packageFolder, `.docs-example-${process.pid}.mts`);
    await writeFile(file, program);
    try {
      const tsx = import.meta.resolve('tsx');
      const { code, out, err } = await runNode(['--conditions=@orkeon/source', '--import', tsx, file], scratch.path, {
        SVC_Llm__BaseUrl: context.server.openAiBaseUrl,
        SVC_Llm__Model: 'scripted-model',
        SVC_Llm__EmbeddingModel: 'scripted-embeddings',
        SVC_Llm__MaxRetries: '0',
      });
      expect(err).not.toMatch(/Error/);
      expect(code).toBe(0);
      const expected = [...program.matchAll(/console\.log\(.*\); \/\/ (.*)$/gm)].map((match) => match[1]);
      expect(expected).toHaveLength(4);
      expect(out.trim().split('\n')).toEqual(expected);
    } finally {
      await rm(file, { force: true });
    }
    expect(context.server.remainingTurns).toBe(0);
  }, 60_000);
});
