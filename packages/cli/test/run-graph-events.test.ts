import { runEventSchema } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();

type Line = { kind: string; seq: number; [key: string]: unknown };

const graphCrew = (extra = '') => `name: pipeline
process: graph
${extra}
agents:
  worker: { role: Worker, goal: Do each step }
tasks:
  fetch: { description: Fetch the data., expected_output: Data, agent: worker }
  report: { description: Write the report., expected_output: A report, agent: worker, dependencies: [fetch] }
`;

async function runWithEvents(crew: string): Promise<{ code: number; lines: Line[] }> {
  await scripted.write('crew.yaml', crew);
  const result = await scripted.run(['run', 'crew.yaml', '--events', 'jsonl']);
  const lines = result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
  // The schema events.schema.json is generated from (core's tests check the file against it and the events against the file).
  for (const line of lines) expect(runEventSchema.safeParse(line).success, JSON.stringify(line)).toBe(true);
  return { code: result.code, lines };
}

/** `node status step/visit → next` for node ends, `tripped mechanism node` for breaker trips, `kind taskId` for tasks. */
const trail = (lines: readonly Line[]) =>
  lines.flatMap((line) => {
    if (line.kind === 'graph.node.completed')
      return [`${line.node} ${line.status} ${line.step}/${line.visit} → ${line.next ?? '-'}`];
    if (line.kind === 'graph.breaker.tripped') return [`tripped ${line.mechanism} ${line.node}`];
    if (line.kind.startsWith('task.')) return [`${line.kind} ${line.taskId}`];
    return [];
  });

describe('orkeon run --events jsonl: graph crew', () => {
  it('writes each graph node’s end in order, between the task events; every line matches the event schema', async () => {
    scripted.server.enqueue({ error: { status: 400, message: 'no' } }, { text: 'DATA' }, { text: 'REPORT' });
    const { code, lines } = await runWithEvents(graphCrew());
    expect(code).toBe(0);
    expect(trail(lines)).toEqual([
      'task.started fetch',
      'task.completed fetch',
      'execute_task completed 1/1 → route',
      'route completed 2/1 → execute_task',
      'task.started fetch',
      'task.completed fetch',
      'execute_task completed 3/2 → route',
      'route completed 4/2 → execute_task',
      'task.started report',
      'task.completed report',
      'execute_task completed 5/3 → route',
      'route completed 6/3 → __end__',
    ]);
    expect(lines.find((line) => line.kind === 'graph.node.completed')).toMatchObject({
      crewId: 'pipeline',
      taskId: 'fetch',
      durationMs: expect.any(Number),
    });
    expect(lines.map((line) => line.seq)).toEqual(lines.map((_, index) => index + 1));
  });

  it('writes the breaker’s trip, then the degraded node, then the failed run', async () => {
    scripted.server.enqueue({ text: 'DATA' });
    const { code, lines } = await runWithEvents(graphCrew('graph_config: { max_state_visits: 1 }'));
    expect(code).toBe(2);
    expect(trail(lines).filter((entry) => !entry.startsWith('task.'))).toEqual([
      'execute_task completed 1/1 → route',
      'route completed 2/1 → execute_task',
      'tripped MaxStateVisits execute_task',
      'degraded completed 3/1 → __end__',
    ]);
    expect(lines.find((line) => line.kind === 'graph.breaker.tripped')).toMatchObject({
      limit: 1,
      reached: 2,
      degraded: true,
    });
    expect(lines.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, error: { code: 'GRAPH_BREAKER_TRIPPED' } });
  });
});
