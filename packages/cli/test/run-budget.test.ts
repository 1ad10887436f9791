import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();

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
    const crew = await scripted.write('crew.yaml', crewYaml(100));
    scripted.server.enqueue(
      { text: 'ONE', usage: { inputTokens: 30, outputTokens: 30 } },
      { text: 'TWO', usage: { inputTokens: 30, outputTokens: 30 } },
    );
    const first = await scripted.run(['run', crew, '--events', 'jsonl']);
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

    await scripted.write('crew.yaml', crewYaml(1000));
    scripted.server.enqueue({ text: 'THREE' });
    const second = await scripted.run(['run', crew, '--resume']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('THREE');
    expect(scripted.server.requests).toHaveLength(3);
  });

  it('a budget that is not one is refused at load with exit 1', async () => {
    const crew = await scripted.write('crew.yaml', crewYaml(100).replace('wallTime: 5m', 'wallTime: later'));
    const result = await scripted.run(['run', crew]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("wallTime 'later' is not a duration");
    expect(scripted.server.requests).toHaveLength(0);
  });
});
