import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { useScriptedRun } from './scripted-run.js';

// Svc:Monitoring in a real `orkeon run`: the section registers the monitoring backend, which
// joins the telemetry providers (none configured here, so it starts them) and, when the
// runtime closes, logs the run's totals as a `monitoring.summary` record (info level).

const scripted = useScriptedRun({
  files: {
    'notes.txt': 'The answer is 42.\n',
    'crew.yaml': `name: answers
agents:
  clerk: { role: Clerk, goal: Answers questions, tools: [file_read] }
tasks:
  answer: { description: What is the answer?, expected_output: A number, agent: clerk }
`,
  },
});

/** The JSON log records of a process's standard error (other lines left out). */
const logRecords = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

const readThenAnswer = () =>
  scripted.server.enqueue(
    {
      toolCalls: [{ name: 'file_read', arguments: { path: '/crew/notes.txt' } }],
      usage: { inputTokens: 30, outputTokens: 8 },
    },
    { text: '42', usage: { inputTokens: 40, outputTokens: 6 } },
  );

describe('orkeon run with Svc:Monitoring', () => {
  it('logs the totals of the run the backend aggregated from its spans and metrics', async () => {
    readThenAnswer();
    const result = await finished(
      scripted.start(['run', 'crew.yaml'], {
        environment: {
          SVC_Logging__Level: 'info',
          SVC_Svc__Monitoring__MaxTraceHistory: '10',
          SVC_Telemetry__Prices__scripted__InputPerMillionTokens: '1000000',
          SVC_Telemetry__Prices__scripted__OutputPerMillionTokens: '1000000',
        },
      }),
    );
    expect(result.code, result.stderr).toBe(0);
    const summary = logRecords(result.stderr).find((record) => record.event === 'monitoring.summary');
    expect(summary, result.stderr).toMatchObject({
      llmCalls: 2,
      toolExecutions: 1,
      taskExecutions: 1,
      crewExecutions: 1,
      activeCrews: 0,
      activeTasks: 0,
      totalCostUsd: 84,
      tracesKept: 1,
    });
  }, 60_000);

  it('without the section registers nothing: no summary', async () => {
    readThenAnswer();
    const result = await finished(
      scripted.start(['run', 'crew.yaml'], { environment: { SVC_Logging__Level: 'info' } }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(logRecords(result.stderr).some((record) => record.event === 'monitoring.summary')).toBe(false);
  }, 60_000);

  it('refuses an unknown key of the section at start, naming it', async () => {
    const result = await finished(
      scripted.start(['run', 'crew.yaml'], { environment: { SVC_Svc__Monitoring__MaxTraces: '10' } }),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('MaxTraces');
    expect(scripted.server.requests).toHaveLength(0);
  }, 60_000);
});
