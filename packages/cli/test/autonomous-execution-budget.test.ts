import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();

/** An autonomous crew of one worker and nine tasks, with `budgetLine` at the top. */
async function writeCrew(budgetLine: string, process = 'autonomous') {
  const tasks = Array.from(
    { length: 9 },
    (_, index) => `  step${index + 1}: { description: Do step ${index + 1}., expected_output: Done }`,
  );
  await scripted.write(
    'crew.yaml',
    [
      'name: line',
      `process: ${process}`,
      budgetLine,
      'agents:',
      '  worker: { role: Worker, goal: Do each step }',
      'tasks:',
      ...tasks,
      '',
    ].join('\n'),
  );
}

describe('orkeon run: executionBudget of an autonomous crew', () => {
  it('executionBudget: strict stops the run after 8 tool calls', async () => {
    await writeCrew('executionBudget: strict');
    for (let step = 1; step <= 9; step++) scripted.server.enqueue({ text: `STEP ${step}` });
    const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl']);

    expect(result.code).toBe(2);
    expect(scripted.server.requests).toHaveLength(8);
    const events = result.stdout
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { kind: string; taskId?: string; success?: boolean; error?: { message: string } },
      );
    const settled = events.filter((event) => event.kind === 'task.completed');
    expect(settled.filter((event) => event.success === true)).toHaveLength(8);
    expect(settled.at(-1)).toMatchObject({ taskId: 'step9', success: false });
    expect(settled.at(-1)?.error?.message).toMatch(/^Execution budget exhausted: toolCalls \(9 of 8\)/);
  });

  it('a bad value or a crew that is not autonomous is refused before anything runs (exit 1)', async () => {
    await writeCrew('executionBudget: lenient');
    const unknown = await scripted.run(['run', 'crew.yaml']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'crew.yaml:3:1: executionBudget: unknown execution budget preset "lenient"; use one of strict, default, permissive.',
    );

    await writeCrew('executionBudget: { spawned_agents: -1 }');
    const negative = await scripted.run(['run', 'crew.yaml']);
    expect(negative.code).toBe(1);
    expect(negative.stderr).toContain('executionBudget.spawned_agents: must be at least 0, got -1.');

    await writeCrew('executionBudget: strict', 'sequential');
    const sequential = await scripted.run(['run', 'crew.yaml']);
    expect(sequential.code).toBe(1);
    expect(sequential.stderr).toContain(
      "an execution budget bounds only the autonomous process, and this crew's process is sequential",
    );
    expect(scripted.server.requests).toHaveLength(0);
  });
});
