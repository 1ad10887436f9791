import { describe, expect, it } from 'vitest';
import { finished } from './orkeon-process.js';
import { messageText } from './processes-test-setup.js';
import { useScriptedRun } from './scripted-run.js';

const scripted = useScriptedRun();

const yamlCrew = (extra = '') => `name: pipeline
process: graph
${extra}
agents:
  worker: { role: Worker, goal: Do each step }
tasks:
  fetch: { description: Fetch the data., expected_output: Data, agent: worker }
  report: { description: Write the report., expected_output: A report, agent: worker, dependencies: [fetch] }
`;

const run = async (crew: string, args: string[] = []) => {
  await scripted.write('crew.yaml', crew);
  return scripted.run(['run', 'crew.yaml', ...args]);
};

describe('orkeon run: graph crew', () => {
  it('a failed task runs again at the head of the queue', async () => {
    scripted.server.enqueue({ error: { status: 500 } }, { text: 'DATA' }, { text: 'REPORT' });
    const result = await run(yamlCrew());
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('=== Crew Output ===\nREPORT');
    expect(scripted.server.requests.map((request) => messageText(request, 'user').split('\n')[1])).toEqual([
      'Fetch the data.',
      'Fetch the data.',
      'Write the report.',
    ]);
  });

  it('a tripped breaker fails the run (exit 2) keeping the output; --resume with a raised limit continues', async () => {
    scripted.server.enqueue({ text: 'DATA' });
    const tripped = await run(yamlCrew('graph_config: { max_state_visits: 1 }'));
    expect(tripped.code).toBe(2);
    expect(tripped.stderr).toContain(
      "circuit breaker tripped (MaxStateVisits): node 'execute_task' would make visit 2 of at most 1",
    );
    expect(tripped.stdout).toContain('=== Crew Output (incomplete) ===\nDATA');

    scripted.server.reset();
    scripted.server.enqueue({ text: 'REPORT' });
    const resumed = await run(yamlCrew(), ['--resume']);
    expect(resumed.code).toBe(0);
    expect(scripted.server.requests).toHaveLength(1);
    expect(messageText(scripted.server.requests[0], 'user')).toContain("## Task 'fetch' (Worker)\nDATA");
    expect(resumed.stdout).toContain('=== Crew Output ===\nREPORT');
  });

  it('the old circuitBreaker block is refused at load, pointing to graphConfig', async () => {
    const result = await run(yamlCrew('circuitBreaker: { maxTransitions: 5 }'), ['--validate']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'circuitBreaker: circuitBreaker: is no longer read; set the breaker in the crew’s graphConfig:',
    );
  });

  it('a TypeScript crew’s own graph, stopped mid-graph by a failing node, resumes at that node', async () => {
    await scripted.write('fail-once', '');
    await scripted.write(
      'crew.ts',
      `import { existsSync, rmSync } from 'node:fs';
import { agentNode, crewGraph, defineCrew, END, START, taskNode } from '@orkeon/core';

const flag = new URL('./fail-once', import.meta.url);
const graph = crewGraph()
  .addNode('draft', taskNode('write'))
  .addNode('gate', () => {
    if (existsSync(flag)) {
      rmSync(flag);
      throw new Error('the gate is closed');
    }
  })
  .addNode('review', agentNode('critic', (state) => 'Review this draft: ' + state.outputs.write))
  .addNode('publish', taskNode('publish'))
  .addEdge(START, 'draft')
  .addEdge('draft', 'gate')
  .addEdge('gate', 'review')
  .addEdge('review', 'publish')
  .addEdge('publish', END);

export const crew = defineCrew({
  name: 'ts-graph',
  process: 'graph',
  agents: [
    { id: 'writer', role: 'Writer', goal: 'Write' },
    { id: 'critic', role: 'Critic', goal: 'Criticise' },
  ],
  tasks: [
    { id: 'write', description: 'Write a haiku.', expectedOutput: 'A haiku', agent: 'writer' },
    { id: 'publish', description: 'Publish the haiku.', expectedOutput: 'A notice', agent: 'writer' },
  ],
  graph,
});
`,
    );
    scripted.server.enqueue({ text: 'HAIKU' });
    const first = await finished(scripted.start(['run', 'crew.ts']));
    expect(first.code).toBe(2);
    expect(first.stderr).toContain('the gate is closed');
    expect(scripted.server.requests).toHaveLength(1);

    scripted.server.reset();
    scripted.server.enqueue({ text: 'NICE' }, { text: 'PUBLISHED' });
    const resumed = await finished(scripted.start(['run', 'crew.ts', '--resume']));
    expect(resumed.stderr).not.toContain('ERROR');
    expect(resumed.code).toBe(0);
    // The draft is not written again: the graph continues at the gate.
    expect(scripted.server.requests.map((request) => messageText(request, 'user').split('\n')[0])).toEqual([
      'Review this draft: HAIKU',
      '# Task',
    ]);
    expect(resumed.stdout).toContain('=== Crew Output ===\nPUBLISHED');
  });
});
