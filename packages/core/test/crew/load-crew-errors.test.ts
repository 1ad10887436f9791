import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCrew } from '../../src/crew/load-crew.js';
import { loadError, writeFiles, yaml } from './crew-files.js';

let folder: TemporaryDirectory;
let file: string;
beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-crew-');
  file = join(folder.path, 'crew.yaml');
});
afterEach(async () => {
  await folder.remove();
});

/** A valid crew, with lines replaced: `{ 6: null }` drops line 6, `{ 12: '…' }` rewrites line 12. */
function crewText(changes: Readonly<Record<number, string | null>> = {}, extra: readonly string[] = []): string {
  const lines = [
    'name: errors', // 1
    'goal: Show errors', // 2
    'agents:', // 3
    '  writer:', // 4
    '    role: Writer', // 5
    '    goal: Write', // 6
    '    tools: [file_read]', // 7
    'tasks:', // 8
    '  draft:', // 9
    '    description: Draft it.', // 10
    '    expectedOutput: A draft', // 11
    '    agent: writer', // 12
  ];
  const changed = lines.flatMap((line, index) => {
    const change = changes[index + 1];
    return change === undefined ? [line] : change === null ? [] : [change];
  });
  return yaml(...changed, ...extra);
}

async function errorFor(text: string, toolNames?: readonly string[]) {
  await writeFiles(folder.path, { 'crew.yaml': text });
  return loadError(file, toolNames === undefined ? {} : { toolNames });
}

describe('loadCrew errors name file:line:column and the key', () => {
  it('loads the unchanged crew', async () => {
    await writeFiles(folder.path, { 'crew.yaml': crewText() });
    expect((await loadCrew(file, { toolNames: ['file_read'] })).name).toBe('errors');
  });

  it('missing goal: points at the agent', async () => {
    const error = await errorFor(crewText({ 6: null }));
    expect(error.code).toBe('CREW_INVALID');
    expect(error.message).toBe(
      `${file}:4:3: agents.writer.goal: goal is missing; add goal: <what the agent must achieve>.`,
    );
    expect(error.problems[0]).toMatchObject({ code: 'missing', path: ['agents', 'writer', 'goal'] });
  });

  it('blank role and missing expected output', async () => {
    const error = await errorFor(crewText({ 5: '    role: "  "', 11: null }));
    expect(error.message.split('\n')).toEqual([
      `${file}:5:5: agents.writer.role: role is empty; write role: <what the agent is>.`,
      `${file}:9:3: tasks.draft.expectedOutput: expectedOutput is missing; add expectedOutput: <what the answer must look like>.`,
    ]);
  });

  it('unknown agent, with a suggestion', async () => {
    const error = await errorFor(crewText({ 12: '    agent: writr' }));
    expect(error.message).toBe(
      `${file}:12:5: tasks.draft.agent: no agent has the id 'writr'; did you mean 'writer'? agents: writer.`,
    );
    expect(error.problems[0]?.code).toBe('unknown-agent');
  });

  it('unknown dependency, at the list item', async () => {
    const error = await errorFor(crewText({ 12: '    dependencies: [research]' }));
    expect(error.message).toBe(
      `${file}:12:20: tasks.draft.dependencies.0: no task has the id 'research'; tasks: draft.`,
    );
  });

  it('dependency cycle, naming the cycle', async () => {
    const error = await errorFor(
      crewText({ 12: '    dependencies: [review]' }, [
        '  edit:',
        '    description: Edit.',
        '    expected_output: Edited',
        '    dependencies: [draft]',
        '  review:',
        '    description: Review.',
        '    expectedOutput: Reviewed',
        '    dependencies: [edit]',
      ]),
    );
    expect(error.message).toBe(
      `${file}:12:5: tasks.draft.dependencies: dependency cycle draft → review → edit → draft; remove one of these dependencies.`,
    );
    expect(error.problems[0]?.code).toBe('dependency-cycle');
  });

  it('a task that depends on itself is a cycle', async () => {
    const error = await errorFor(crewText({ 12: '    dependencies: [draft]' }));
    expect(error.message).toBe(
      `${file}:12:5: tasks.draft.dependencies: dependency cycle draft → draft; remove one of these dependencies.`,
    );
  });

  it('unknown tool, given the registry names', async () => {
    const error = await errorFor(crewText({ 7: '    tools: [file_reed, web]' }), ['file_read', 'file_write']);
    expect(error.message.split('\n')).toEqual([
      `${file}:7:13: agents.writer.tools.0: unknown tool 'file_reed'; did you mean 'file_read'? available: file_read, file_write.`,
      `${file}:7:24: agents.writer.tools.1: unknown tool 'web'; available: file_read, file_write.`,
    ]);
    expect(error.problems.map((problem) => problem.code)).toEqual(['unknown-tool', 'unknown-tool']);
  });

  it('tools are not checked without the registry names', async () => {
    await writeFiles(folder.path, { 'crew.yaml': crewText({ 7: '    tools: [anything]' }) });
    expect((await loadCrew(file)).agents[0]?.tools).toEqual(['anything']);
  });

  it('unknown process, listing the six', async () => {
    const error = await errorFor(crewText({ 2: 'process: sequentail' }));
    expect(error.message).toBe(
      `${file}:2:1: process: unknown process "sequentail"; use one of sequential, hierarchical, parallel, consensual, graph, autonomous.`,
    );
    expect(error.problems[0]?.code).toBe('unknown-process');
  });

  it('hierarchical without a manager, and an unknown manager', async () => {
    const missing = await errorFor(crewText({ 2: 'process: hierarchical' }));
    expect(missing.message).toBe(
      `${file}:1:1: manager: a hierarchical crew needs a manager; add manager: <agent id> (agents: writer).`,
    );
    const unknown = await errorFor(crewText({ 2: 'managerAgent: boss' }));
    expect(unknown.message).toBe(`${file}:2:1: managerAgent: no agent has the id 'boss'; agents: writer.`);
  });

  it('unknown keys, with a suggestion in the author’s style', async () => {
    const error = await errorFor(crewText({ 11: '    expected_ouptut: A draft', 6: '    gaol: Write' }));
    expect(error.message.split('\n')).toEqual([
      `${file}:6:5: agents.writer.gaol: unknown key 'gaol'; did you mean 'goal'? known keys: role, goal, backstory, tools, llm, maxIterations, allowDelegation, guardrails, knowledge.`,
      `${file}:11:5: tasks.draft.expected_ouptut: unknown key 'expected_ouptut'; did you mean 'expected_output'? known keys: description, expectedOutput, agent, dependencies, context, tools, deliverable, outputSchema, outputValidation, attachments.`,
    ]);
    expect(error.problems.map((problem) => problem.code)).toEqual(['unknown-key', 'unknown-key']);
  });

  it('a crew: wrapper is explained', async () => {
    const error = await errorFor(yaml('crew:', '  name: wrapped'));
    expect(error.message).toBe(
      `${file}:1:1: crew: the crew file is flat: there is no crew: wrapper; move its keys (name, agents, tasks, …) to the top level.`,
    );
  });

  it('bad types name the key as written and what was expected', async () => {
    const error = await errorFor(crewText({ 6: '    goal: 42', 7: '    max_iter: lots' }, ['memory: maybe']));
    expect(error.message.split('\n')).toEqual([
      `${file}:6:5: agents.writer.goal: expected text, got 42; put it in quotes to keep it as text.`,
      `${file}:7:5: agents.writer.max_iter: expected a number, got 'lots'.`,
      `${file}:13:1: memory: expected true or false, got 'maybe'.`,
    ]);
    expect(error.problems.map((problem) => problem.code)).toEqual(['bad-type', 'bad-type', 'bad-type']);
  });

  it('out-of-range values and unknown choices', async () => {
    const error = await errorFor(
      crewText({ 7: '    maxIterations: -1' }, ['agentSelection: best', 'llm: { temperature: 3 }']),
    );
    expect(error.message.split('\n')).toEqual([
      `${file}:7:5: agents.writer.maxIterations: must be at least 0, got -1.`,
      `${file}:13:1: agentSelection: unknown agent selection "best"; use one of FirstFit, Skill, Embedding.`,
      `${file}:14:8: llm.temperature: must be at most 2, got 3.`,
    ]);
  });

  it('a key written in both styles', async () => {
    const error = await errorFor(crewText({ 12: '    expected_output: Again' }));
    expect(error.message).toBe(
      `${file}:12:5: tasks.draft.expected_output: written twice (as expectedOutput and expected_output); keep one.`,
    );
  });

  it('YAML syntax errors and duplicate keys', async () => {
    const duplicate = await errorFor(crewText({ 2: 'name: again' }));
    expect(duplicate.message).toBe(`${file}:2:1: Map keys must be unique.`);
    expect(duplicate.problems[0]?.code).toBe('yaml-syntax');
    const broken = await errorFor(crewText({ 10: '    description: [unclosed' }));
    expect(broken.message).toMatch(new RegExp(`^${file.replaceAll('/', '\\/')}:1[01]:\\d+: `));
  });

  it('an alias inside its own anchor is refused', async () => {
    const error = await errorFor(crewText({ 5: '    role: Writer', 6: '    goal: &loop { again: *loop }' }));
    expect(error.message).toBe(
      `${file}:6:26: agents.writer.goal.again: the alias *loop is inside its own anchor; it cannot refer to itself.`,
    );
  });

  it('an empty file, and agents that are not a map', async () => {
    expect((await errorFor('')).message).toBe(
      `${file}:1:1: the file is empty; a crew needs at least name, agents and tasks.`,
    );
    const listed = await errorFor(yaml('name: x', 'agents: [a, b]', 'tasks: {}'));
    expect(listed.message).toBe(`${file}:2:1: agents: expected the agents as a map keyed by id.`);
    const empty = await errorFor(yaml('name: x', 'agents: {}', 'tasks: {}'));
    expect(empty.message.split('\n')).toEqual([
      `${file}:2:1: agents: the crew has no agents; add at least one under agents.`,
      `${file}:3:1: tasks: the crew has no tasks; add at least one under tasks.`,
    ]);
  });

  it('per-entity files point at their own file', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': 'name: split\n',
      'agents/writer.yaml': 'role: Writer\n',
      'tasks/draft.yaml': 'description: Draft.\nexpectedOutput: Draft\nagent: writter\n',
    });
    const error = await loadError(folder.path);
    expect(error.message.split('\n')).toEqual([
      `${join(folder.path, 'agents', 'writer.yaml')}:1:1: agents.writer.goal: goal is missing; add goal: <what the agent must achieve>.`,
    ]);
    await writeFiles(folder.path, { 'agents/writer.yaml': 'role: Writer\ngoal: Write\n' });
    expect((await loadError(folder.path)).message).toBe(
      `${join(folder.path, 'tasks', 'draft.yaml')}:3:1: tasks.draft.agent: no agent has the id 'writter'; did you mean 'writer'? agents: writer.`,
    );
  });
});
