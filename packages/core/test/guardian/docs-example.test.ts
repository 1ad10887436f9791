import { fileURLToPath } from 'node:url';
import { docsPrograms, expectedOutput, runDocsProgram } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';

// The program of docs/guardrails.md, run as written.
const page = fileURLToPath(new URL('../../../../docs/guardrails.md', import.meta.url));
const packageFolder = fileURLToPath(new URL('../..', import.meta.url));

describe('docs/guardrails.md', () => {
  it('has examples that run and print what their comments say', async () => {
    const programs = await docsPrograms(page);
    expect(programs).toHaveLength(3);
    const [guardrails, audit, screen] = programs as [string, string, string];
    const ours = await runProgram(guardrails);
    expect(ours.out.trim().split('\n')).toEqual(expectedOutput(guardrails));
    const first = await runProgram(screen);
    // The one log line: the Guardian's warning about the refused call.
    expect(first.err).toContain('Guardian blocked: path traversal');
    expect(first.out.trim().split('\n')).toEqual(expectedOutput(screen));
    const second = await runProgram(audit);
    expect(second.out.trim().split('\n')).toEqual([
      'tool file_read Blocked',
      'guardian file_read ToolExecution: path-traversal',
      ...expectedOutput(audit),
    ]);
  }, 60_000);
});

async function runProgram(program: string): Promise<{ out: string; err: string }> {
  const { code, out, err } = await runDocsProgram({ program, packageFolder });
  expect(code, err).toBe(0);
  return { out, err };
}
