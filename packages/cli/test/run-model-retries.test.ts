import { createServer } from 'node:net';
import { runEventSchema } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun({
  crew: `name: notes
agents:
  researcher: { role: Researcher, goal: Find facts }
tasks:
  research: { description: List the facts., expected_output: Bullet points, agent: researcher }
`,
});

type Line = { kind: string; [key: string]: unknown };

/** A port nothing listens on: the system's pick, closed again. */
async function closedPort(): Promise<number> {
  const listener = createServer();
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const address = listener.address();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

const run = (settings: readonly string[], extra: readonly string[] = []) =>
  scripted.run(['run', 'crew.yaml', ...settings.flatMap((setting) => ['--set', setting]), ...extra]);

async function runWithEvents(settings: readonly string[]): Promise<{ code: number; lines: Line[]; stderr: string }> {
  const result = await run(settings, ['--events', 'jsonl']);
  const lines = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
  for (const line of lines) expect(runEventSchema.safeParse(line).success, JSON.stringify(line)).toBe(true);
  return { code: result.code, lines, stderr: result.stderr };
}

const retryLines = (stderr: string) => stderr.split('\n').filter((line) => line.includes('model request failed'));

describe('orkeon run: model retries', () => {
  it('against a closed port, each retry is one line, then the run fails naming the address and the setting', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/v1`;
    const result = await run([`Llm:BaseUrl=${url}`, 'Llm:MaxRetries=2']);
    expect(result.code).toBe(2);
    expect(retryLines(result.stderr)).toEqual([
      `researcher: model request failed (connection refused at ${url}/chat/completions); retry 1 of 2 in 1 s`,
      `researcher: model request failed (connection refused at ${url}/chat/completions); retry 2 of 2 in 2 s`,
    ]);
    expect(result.stderr).toContain(
      `connection refused at ${url}/chat/completions (ECONNREFUSED, 3 attempts). Check that the server is running and that Llm:BaseUrl points to it.`,
    );
  }, 20_000);

  it('with --events jsonl, each retry is a model.retry event between the task’s start and its end', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/v1`;
    const { code, lines, stderr } = await runWithEvents([`Llm:BaseUrl=${url}`, 'Llm:MaxRetries=2']);
    expect(code).toBe(2);
    const retries = lines.filter((line) => line.kind === 'model.retry');
    expect(retries).toEqual(
      [1, 2].map((retry) => ({
        v: 2,
        seq: expect.any(Number),
        ts: expect.any(String),
        crewId: 'notes',
        kind: 'model.retry',
        agentId: 'researcher',
        taskId: 'research',
        provider: 'openai',
        model: 'scripted',
        retry,
        maxRetries: 2,
        delayMs: retry * 1000,
        reason: `connection refused at ${url}/chat/completions`,
      })),
    );
    expect(lines.map((line) => line.kind)).toEqual([
      'run.started',
      'task.started',
      'model.retry',
      'model.retry',
      'task.completed',
      'error',
      'run.finished',
    ]);
    // Standard output is for the events; no line for people goes to standard error instead.
    expect(retryLines(stderr)).toEqual([]);
  }, 20_000);

  it('against a port fetch blocks (127.0.0.1:9), the run ends at once: no retry, a message naming the port', async () => {
    const text = await run(['Llm:BaseUrl=http://127.0.0.1:9/v1', 'Llm:MaxRetries=3']);
    expect(text.code).toBe(2);
    expect(retryLines(text.stderr)).toEqual([]);
    expect(text.stderr).toContain('uses port 9, which fetch refuses to connect to');
    expect(text.stderr).toContain('Choose another port in Llm:BaseUrl.');
    expect(text.stderr).not.toContain('bad port: bad port');

    const { code, lines } = await runWithEvents(['Llm:BaseUrl=http://127.0.0.1:9/v1', 'Llm:MaxRetries=3']);
    expect(code).toBe(2);
    expect(lines.filter((line) => line.kind === 'model.retry')).toEqual([]);
    expect(lines.find((line) => line.kind === 'task.completed')).toMatchObject({
      success: false,
      error: { code: 'LLM_ENDPOINT_INVALID', message: expect.stringContaining('port 9') },
    });
  });

  it.each([
    [401, 'Incorrect API key provided: sk-wro****.', 'check Llm:ApiKey'],
    [403, 'Project proj_1 does not have access to model scripted.', 'may use Llm:Model at Llm:BaseUrl'],
  ])(
    'HTTP %i from the model server fails at once with the provider’s reason and what to check',
    async (status, message, fix) => {
      scripted.server.enqueue({ error: { status, message } }, { text: 'a retry would get this' });
      const result = await run(['Llm:MaxRetries=3']);
      expect(result.code).toBe(2);
      expect(retryLines(result.stderr)).toEqual([]);
      expect(result.stderr).toContain(`(HTTP ${status}): ${message}`);
      expect(result.stderr).toContain(fix);
      expect(scripted.server.requests).toHaveLength(1);
    },
  );
});
