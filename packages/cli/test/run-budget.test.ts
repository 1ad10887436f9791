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
});
afterEach(async () => {
  await server.close();
  await folder.remove();
});

const crewYaml = (tokens: number) => `name: budgeted
goal: Three steps
budget: { tokens: ${tokens}, wallTime: 5m }
agents:
  w: { role: Writer, goal: Write }
tasks:
  one: { description: First, expected_output: text, agent: w }
  two: { description: Second, expected_output: text, agent: w, dependencies: [one] }
  three: { description: Third, expected_output: text, agent: w, dependencies: [two] }
`;

describe('orkeon run with a crew budget', () => {
  it('stops at the token limit with exit 2 and partial outputs kept; --resume with a raised budget continues', async () => {
    const crew = join(folder.path, 'crew.yaml');
    await writeFile(crew, crewYaml(100));
    server.enqueue(
      { text: 'ONE', usage: { inputTokens: 30, outputTokens: 30 } },
      { text: 'TWO', usage: { inputTokens: 30, outputTokens: 30 } },
    );
    const first = await runOrkeon(['run', crew, '--events', 'jsonl'], { environment, workingDirectory: folder.path });
    expect(first.code).toBe(2);
    expect(first.stderr).toContain('Crew budget exhausted: tokens (used 120 of 100)');
    expect(first.stderr).toContain('raise budget.tokens and run again with --resume');
    const events = first.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.find((event) => event.kind === 'budget.exhausted')).toMatchObject({
      dimension: 'tokens',
      limit: 100,
      used: 120,
    });
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, budgetExhausted: 'tokens' });
    expect(
      events.filter((event) => event.kind === 'task.completed').map((event) => [event.taskId, event.success]),
    ).toEqual([
      ['one', true],
      ['two', true],
      ['three', false],
    ]);

    await writeFile(crew, crewYaml(1000));
    server.enqueue({ text: 'THREE' });
    const second = await runOrkeon(['run', crew, '--resume'], { environment, workingDirectory: folder.path });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('THREE');
    expect(server.requests).toHaveLength(3);
  });

  it('a budget that is not one is refused at load with exit 1', async () => {
    const crew = join(folder.path, 'crew.yaml');
    await writeFile(crew, crewYaml(100).replace('wallTime: 5m', 'wallTime: later'));
    const result = await runOrkeon(['run', crew], { environment, workingDirectory: folder.path });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("wallTime 'later' is not a duration");
    expect(server.requests).toHaveLength(0);
  });
});
