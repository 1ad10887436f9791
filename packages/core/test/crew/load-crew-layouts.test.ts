// One file over 300 lines: the YAML layouts (single file, triplet, per entity) and the variables share the
// same folder helpers and the same problem messages, checked side by side.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCrew } from '../../src/crew/load-crew.js';
import { loadError, writeFiles, yaml } from './crew-files.js';

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-crew-');
});
afterEach(async () => {
  await folder.remove();
});

const agentsMap = yaml(
  'researcher:',
  '  role: Researcher',
  '  goal: Find facts',
  'writer:',
  '  role: Writer',
  '  goal: Write clearly',
  '  tools: [file_read]',
);
const tasksMap = yaml(
  'research:',
  '  description: Research the topic.',
  '  expectedOutput: Facts',
  '  agent: researcher',
  'write:',
  '  description: Write it up.',
  '  expectedOutput: An article',
  '  agent: writer',
  '  dependencies: [research]',
);
const indent = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

function expectTwoStepCrew(crew: Awaited<ReturnType<typeof loadCrew>>) {
  expect(crew.agents.map((agent) => agent.id)).toEqual(['researcher', 'writer']);
  expect(crew.tasks.map((task) => task.id)).toEqual(['research', 'write']);
  expect(crew.tasks[1]).toMatchObject({ agent: 'writer', dependencies: ['research'] });
  expect(crew.agents[1]?.tools).toEqual(['file_read']);
}

describe('loadCrew layouts', () => {
  it('loads a single file, filling every default', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': `name: demo\ngoal: Explain things\nagents:\n${indent(agentsMap)}\ntasks:\n${indent(tasksMap)}\n`,
    });
    const crew = await loadCrew(join(folder.path, 'crew.yaml'));
    expectTwoStepCrew(crew);
    expect(crew).toMatchObject({
      name: 'demo',
      goal: 'Explain things',
      process: 'sequential',
      memory: false,
      mounts: [],
      agentSelection: 'FirstFit',
      layout: 'single',
      source: join(folder.path, 'crew.yaml'),
      files: [join(folder.path, 'crew.yaml')],
    });
    expect(crew.agents[0]).toEqual({
      id: 'researcher',
      role: 'Researcher',
      goal: 'Find facts',
      tools: [],
      maxIterations: 10,
      allowDelegation: false,
    });
    expect(crew.tasks[0]).toEqual({
      id: 'research',
      description: 'Research the topic.',
      expectedOutput: 'Facts',
      agent: 'researcher',
      dependencies: [],
      context: {},
      tools: [],
    });
  });

  it('loads the triplet crew.yaml + agents.yaml + tasks.yaml from the folder, or from its crew.yaml', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': 'name: demo\n',
      'agents.yaml': agentsMap,
      'tasks.yaml': tasksMap,
    });
    const crew = await loadCrew(folder.path);
    expectTwoStepCrew(crew);
    expect(crew.layout).toBe('triplet');
    expect(crew.files).toEqual(['crew.yaml', 'agents.yaml', 'tasks.yaml'].map((name) => join(folder.path, name)));
    expect((await loadCrew(join(folder.path, 'crew.yaml'))).layout).toBe('triplet');
  });

  it('loads per-entity folders (the file stem is the id), config.yaml winning over crew.yaml', async () => {
    await writeFiles(folder.path, {
      'config.yaml': 'name: from-config\n',
      'crew.yaml': 'name: from-crew\n',
      'agents/researcher.yaml': 'role: Researcher\ngoal: Find facts\n',
      'agents/writer.yml': 'role: Writer\ngoal: Write clearly\ntools: [file_read]\n',
      'tasks/research.yaml': 'description: Research the topic.\nexpectedOutput: Facts\nagent: researcher\n',
      'tasks/write.yaml':
        'description: Write it up.\nexpectedOutput: An article\nagent: writer\ndependencies: [research]\n',
      'tasks/notes.txt': 'not a task',
    });
    const crew = await loadCrew(folder.path);
    expectTwoStepCrew(crew);
    expect(crew).toMatchObject({ name: 'from-config', layout: 'per-entity' });
    expect(crew.files[0]).toBe(join(folder.path, 'config.yaml'));
  });

  it('finds the crew in a crew/ sub-folder', async () => {
    await writeFiles(folder.path, {
      'crew/crew.yaml': 'name: nested\n',
      'crew/agents.yaml': agentsMap,
      'crew/tasks.yaml': tasksMap,
    });
    expect((await loadCrew(folder.path)).name).toBe('nested');
  });

  it('refuses mixed layouts and agents declared twice', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': `name: demo\nagents:\n${indent(agentsMap)}\n`,
      'agents.yaml': agentsMap,
      'tasks/research.yaml': 'description: x\nexpectedOutput: y\n',
    });
    const mixed = await loadError(folder.path);
    expect(mixed.message).toBe(
      `${folder.path}: the folder mixes two layouts: agents.yaml / tasks.yaml beside agents/ or tasks/ folders; keep one layout.`,
    );

    const twice = await createTemporaryDirectory();
    await writeFiles(twice.path, {
      'crew.yaml': `name: demo\nagents:\n${indent(agentsMap)}\n`,
      'agents.yaml': agentsMap,
      'tasks.yaml': tasksMap,
    });
    const error = await loadError(twice.path);
    expect(error.message).toBe(
      `${join(twice.path, 'crew.yaml')}:2:1: agents: agents are declared both here and in ${join(twice.path, 'agents.yaml')}; declare them in one place.`,
    );
    await twice.remove();
  });

  it('reports a missing path and a folder without a crew', async () => {
    expect((await loadError(join(folder.path, 'nope.yaml'))).problems[0]).toMatchObject({ code: 'not-found' });
    const empty = await loadError(folder.path);
    expect(empty.message).toMatch(/the folder holds no crew: add crew\.yaml \(or config\.yaml\)/);
  });
});

describe('YAML key styles, anchors and variables', () => {
  it('accepts camelCase and snake_case keys, and the older names', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': yaml(
        'name: styles',
        'process: Hierarchical',
        'manager_agent: lead',
        'agent_selection: skill',
        'max_concurrency: 2',
        'llm: { model: m1, max_tokens: 300 }',
        'agents:',
        '  lead:',
        '    role: Lead',
        '    goal: Lead',
        '    max_iter: 4',
        '    allow_delegation: true',
        '  worker:',
        '    role: Worker',
        '    goal: Work',
        '    maxIter: 6',
        '    llm: { maxTokens: 100, temperature: 0.1 }',
        'tasks:',
        '  one:',
        '    description: Do one.',
        '    expected_output: One',
        '    output_schema: { type: object }',
        '    deliverable: { path: /output/one.json, format: json }',
        '    context: { audience: experts }',
      ),
    });
    const crew = await loadCrew(join(folder.path, 'crew.yaml'));
    expect(crew).toMatchObject({
      process: 'hierarchical',
      manager: 'lead',
      agentSelection: 'Skill',
      maxConcurrency: 2,
      llm: { model: 'm1', maxTokens: 300 },
    });
    expect(crew.agents[0]).toMatchObject({ maxIterations: 4, allowDelegation: true });
    expect(crew.agents[1]).toMatchObject({ maxIterations: 6, llm: { maxTokens: 100, temperature: 0.1 } });
    expect(crew.tasks[0]).toMatchObject({
      expectedOutput: 'One',
      outputSchema: { type: 'object' },
      deliverable: { path: '/output/one.json', format: 'json' },
      context: { audience: 'experts' },
    });
  });

  it('expands anchors declared under anchors:, including << merges, and keeps the section out of the crew', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': yaml(
        'name: anchored',
        'anchors:',
        '  tone: &tone |',
        '    Be brief.',
        '    Cite sources.',
        '  base: &base',
        '    goal: Shared goal',
        '    tools: [file_read]',
        'agents:',
        '  a:',
        '    <<: *base',
        '    role: A',
        '    backstory: *tone',
        '  b:',
        '    <<: *base',
        '    role: B',
        '    goal: Own goal',
        'tasks:',
        '  t: { description: Do it., expectedOutput: Done }',
      ),
    });
    const crew = await loadCrew(join(folder.path, 'crew.yaml'));
    expect(crew.agents[0]).toMatchObject({ role: 'A', goal: 'Shared goal', backstory: 'Be brief.\nCite sources.\n' });
    expect(crew.agents[1]).toMatchObject({ role: 'B', goal: 'Own goal', tools: ['file_read'] });
    expect(Object.keys(crew)).not.toContain('anchors');
  });

  it('allows an anchors: section in agents.yaml, tasks.yaml and per-entity files; anchors do not cross files', async () => {
    await writeFiles(folder.path, {
      'crew.yaml': 'name: triplet\n',
      'agents.yaml': yaml('anchors:', '  common: &common', '    goal: Shared', 'a:', '  <<: *common', '  role: A'),
      'tasks.yaml': yaml('anchors: { done: &done Done }', 't:', '  description: Do.', '  expectedOutput: *done'),
    });
    const crew = await loadCrew(folder.path);
    expect(crew.agents).toEqual([expect.objectContaining({ id: 'a', role: 'A', goal: 'Shared' })]);
    expect(crew.tasks[0]?.expectedOutput).toBe('Done');

    const split = await createTemporaryDirectory();
    await writeFiles(split.path, {
      'crew.yaml': yaml('name: split', 'anchors: { g: &g Shared }'),
      'agents/a.yaml': yaml('anchors: { r: &r Role A }', 'role: *r', 'goal: *g'),
      'tasks/t.yaml': yaml('description: Do.', 'expectedOutput: Done'),
    });
    const error = await loadError(split.path);
    expect(error.message).toBe(
      `${join(split.path, 'agents', 'a.yaml')}:3:7: agents.a.goal: the alias *g names no anchor before it in this file; define &g above it in the same file (anchors do not cross files).`,
    );
    await split.remove();
  });

  it('fills {KEY} placeholders from the variables, keeps {{KEY}} literal, and names unset ones with their place', async () => {
    const file = join(folder.path, 'crew.yaml');
    await writeFiles(folder.path, {
      'crew.yaml': yaml(
        'name: vars',
        'goal: Notes for {product}',
        'agents:',
        '  w:',
        '    role: Writer for {audience}',
        '    goal: Write',
        'tasks:',
        '  t:',
        `    description: 'Draft notes for version {version} of {product}; keep {{braces}} and {"json": 1}.'`,
        '    expectedOutput: Markdown',
        '    context: { release: "{version}" }',
        '    deliverable: { path: "/output/{version}.md" }',
      ),
    });
    const crew = await loadCrew(file, { variables: { product: 'Orkeon', version: '2.1', audience: 'users' } });
    expect(crew.goal).toBe('Notes for Orkeon');
    expect(crew.agents[0]?.role).toBe('Writer for users');
    expect(crew.tasks[0]).toMatchObject({
      description: 'Draft notes for version 2.1 of Orkeon; keep {braces} and {"json": 1}.',
      context: { release: '2.1' },
      deliverable: { path: '/output/2.1.md' },
    });

    const error = await loadError(file, { variables: { product: 'Orkeon' } });
    expect(error.message.split('\n')).toEqual([
      `${file}:5:5: agents.w.role: uses {audience}, but the variable audience is not set; set it (orkeon run -V audience=<value>), or write {{audience}} for the literal text.`,
      `${file}:9:5: tasks.t.description: uses {version}, but the variable version is not set; set it (orkeon run -V version=<value>), or write {{version}} for the literal text.`,
      `${file}:11:16: tasks.t.context.release: uses {version}, but the variable version is not set; set it (orkeon run -V version=<value>), or write {{version}} for the literal text.`,
      `${file}:12:20: tasks.t.deliverable.path: uses {version}, but the variable version is not set; set it (orkeon run -V version=<value>), or write {{version}} for the literal text.`,
    ]);
    expect(error.problems.map((problem) => problem.code)).toEqual(Array(4).fill('unset-variable'));
    expect(error.problems.map((problem) => problem.variable)).toEqual(['audience', 'version', 'version', 'version']);
  });
});

describe('the example of docs/crews.md', () => {
  it('loads', async () => {
    const docs = await readFile(new URL('../../../../docs/crews.md', import.meta.url), 'utf8');
    const example = /```yaml\n([\s\S]*?)```/.exec(docs)?.[1] ?? '';
    await writeFiles(folder.path, { 'crew.yaml': example });
    const crew = await loadCrew(join(folder.path, 'crew.yaml'), {
      variables: { version: '2.0', audience: 'users' },
      toolNames: ['directory_read', 'file_read'],
    });
    expect(crew.agents[0]).toMatchObject({
      id: 'collector',
      tools: ['directory_read', 'file_read'],
      maxIterations: 8,
      backstory: 'You never invent an entry.\nYou cite the file each fact comes from.\n',
    });
    expect(crew.tasks.map((task) => task.id)).toEqual(['collect', 'draft', 'summary']);
    expect(crew.tasks[1]).toMatchObject({ context: { audience: 'users' }, deliverable: { path: '/output/2.0.md' } });
  });
});
