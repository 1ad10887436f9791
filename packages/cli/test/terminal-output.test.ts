import { describe, expect, it } from 'vitest';
import { finished, startOrkeonOnTerminal } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

const crew = `name: failing
process: sequential
agents:
  writer: { role: Writer, goal: Write }
tasks:
  draft: { description: Draft a note, expected_output: A note, agent: writer }
`;

const scripted = useScriptedRun({ crew });

/** What a person sees: escapes and carriage returns of the terminal removed. */
function screen(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are what is removed
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
}

async function runOnTerminal(extra: string[] = [], environment: Record<string, string> = {}) {
  // The provider refuses the key: the task fails at once, without retries.
  scripted.server.enqueue({ error: { status: 401, message: 'Incorrect API key provided' } });
  const child = startOrkeonOnTerminal(['run', 'crew.yaml', ...extra], {
    cwd: scripted.folder.path,
    environment: { ...scripted.environment, SVC_Llm__ApiKey: 'sk-wrong', ...environment },
  });
  const result = await finished(child);
  return { code: result.code, text: screen(result.stdout) };
}

describe('orkeon run on a terminal', () => {
  it('shows a failed model call as one readable line with its code, and no stack trace', async () => {
    const { code, text } = await runOnTerminal();
    expect(code).toBe(2);
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const warning = lines.filter((line) => line.startsWith('WARN'));
    expect(warning).toEqual([
      expect.stringMatching(/^WARN {2}a crew task failed .*task=draft.*: LLM_\w+: .*Incorrect API key provided/),
    ]);
    expect(text).not.toMatch(/^\s+at /m);
    expect(text).not.toContain('"stack"');
    expect(lines.at(-1)).toMatch(/^ERROR: CREW_RUN_FAILED: Crew 'failing' failed: task 'draft' failed/);
  }, 60_000);

  it('adds the stacks with ORKEON_DEBUG=1', async () => {
    const { code, text } = await runOnTerminal([], { ORKEON_DEBUG: '1' });
    expect(code).toBe(2);
    expect(text).toMatch(/^\s+at /m);
  }, 60_000);

  it('writes JSON log lines with --log-format json, for machines', async () => {
    const { code, text } = await runOnTerminal(['--log-format', 'json']);
    expect(code).toBe(2);
    const records = text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; err?: { code?: string } });
    expect(records).toContainEqual(
      expect.objectContaining({
        msg: 'a crew task failed',
        err: expect.objectContaining({ code: expect.any(String) }),
      }),
    );
  }, 60_000);
});
