import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  createTemporaryDirectory,
  type ScriptedModelServer,
  startScriptedModelServer,
  type TemporaryDirectory,
} from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runOrkeon } from './run-cli-helpers.js';

let server: ScriptedModelServer;
let folder: TemporaryDirectory;
let environment: Record<string, string>;

beforeEach(async () => {
  server = await startScriptedModelServer();
  folder = await createTemporaryDirectory();
  environment = { SVC_Llm__BaseUrl: server.openAiBaseUrl, SVC_Llm__Model: 'scripted', SVC_Llm__MaxRetries: '0' };
  await writeFile(
    join(folder.path, 'crew.yaml'),
    'name: solo\nagents:\n  w:\n    role: W\n    goal: g\ntasks:\n  t:\n    description: Say it.\n    expected_output: words\n    agent: w\n',
  );
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

describe('orkeon run with Svc:Cli:ConsoleStreaming:Enabled', () => {
  it('streams the model text to standard output as it arrives', async () => {
    server.enqueue({ text: 'one two three', chunks: ['one ', 'two ', 'three'] });
    const result = await runOrkeon(['run', 'crew.yaml', '--set', 'Svc:Cli:ConsoleStreaming:Enabled=true'], {
      environment,
      workingDirectory: folder.path,
    });
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('one two three')).toBe(true);
    expect(result.stdout).toContain('=== Crew Output ===\none two three');
  });

  it('is off by default, and never mixes raw text into --events jsonl', async () => {
    server.enqueue({ text: 'one two three', chunks: ['one ', 'two ', 'three'] }, { text: 'again' });
    const plain = await runOrkeon(['run', 'crew.yaml'], { environment, workingDirectory: folder.path });
    expect(plain.stdout.startsWith('\n=== Crew Output ===')).toBe(true);
    const jsonl = await runOrkeon(
      ['run', 'crew.yaml', '--events', 'jsonl', '--set', 'Svc:Cli:ConsoleStreaming:Enabled=true'],
      { environment, workingDirectory: folder.path },
    );
    expect(jsonl.code).toBe(0);
    for (const line of jsonl.stdout.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });
});
