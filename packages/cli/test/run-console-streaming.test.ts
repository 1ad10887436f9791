import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: 'name: solo\nagents:\n  w:\n    role: W\n    goal: g\ntasks:\n  t:\n    description: Say it.\n    expected_output: words\n    agent: w\n',
});

describe('orkeon run with Svc:Cli:ConsoleStreaming:Enabled', () => {
  it('streams the model text to standard output as it arrives', async () => {
    scripted.server.enqueue({ text: 'one two three', chunks: ['one ', 'two ', 'three'] });
    const result = await scripted.run(['run', 'crew.yaml', '--set', 'Svc:Cli:ConsoleStreaming:Enabled=true']);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith('one two three')).toBe(true);
    expect(result.stdout).toContain('=== Crew Output ===\none two three');
  });

  it('is off by default, and never mixes raw text into --events jsonl', async () => {
    scripted.server.enqueue({ text: 'one two three', chunks: ['one ', 'two ', 'three'] }, { text: 'again' });
    const plain = await scripted.run(['run', 'crew.yaml']);
    expect(plain.stdout.startsWith('\n=== Crew Output ===')).toBe(true);
    const jsonl = await scripted.run([
      'run',
      'crew.yaml',
      '--events',
      'jsonl',
      '--set',
      'Svc:Cli:ConsoleStreaming:Enabled=true',
    ]);
    expect(jsonl.code).toBe(0);
    for (const line of jsonl.stdout.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
  });
});
