import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { AgentExecutionBudget } from '../../src/autonomous/agent-execution-budget.js';
import { AgentSpawnRefusedError } from '../../src/autonomous/agent-spawn-refused-error.js';
import { AgentSpawner } from '../../src/autonomous/agent-spawner.js';
import type { CrewDefinition, CrewInput } from '../../src/crew/crew-definition.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import type { PermissionMode } from '../../src/permissions/permission-mode.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent, RunEventOf } from '../../src/runtime/run-events.js';
import { requestedModels, scriptedModel, userTextOf, useServerAndFolder } from '../runtime/runtime-test-setup.js';

const context = useServerAndFolder();

type Message = { role: string; content: unknown };
const messagesOf = (index: number) => (context.server.requests[index]?.body?.messages ?? []) as Message[];
const toolNamesOf = (index: number) =>
  ((context.server.requests[index]?.body?.tools ?? []) as { function: { name: string } }[]).map(
    (tool) => tool.function.name,
  );
const systemOf = (index: number) => String(messagesOf(index)[0]?.content);
const toolResultOf = (index: number) =>
  messagesOf(index)
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.stringify(message.content))
    .join('\n');

const spawn = (role: string, extra: { tools?: string[]; task?: string } = {}) => ({
  toolCalls: [
    {
      name: 'spawn_agent',
      arguments: { role, goal: `Help as ${role}`, task: extra.task ?? `Work as ${role}.`, ...extra },
    },
  ],
});

/** An autonomous crew of one writer (so no one is asked to assign) on its own model `writer-model`. */
function crew(overrides: Partial<CrewInput> = {}, tools: string[] = ['file_read']) {
  return defineCrew({
    name: 'desk',
    process: 'autonomous',
    executionBudget: 'strict',
    agents: [
      {
        id: 'writer',
        role: 'Writer',
        goal: 'Write the report',
        tools,
        model: scriptedModel(context.server, 'writer-model'),
      },
    ],
    tasks: [{ id: 'report', description: 'Write the report.', expectedOutput: 'A report' }],
    ...overrides,
  });
}

async function run(target: CrewDefinition, permissionMode?: PermissionMode) {
  await using runtime = await createRuntime({
    model: scriptedModel(context.server),
    logger: captureLogger().logger,
    ...(permissionMode === undefined ? {} : { permissionMode }),
  });
  const events: RunEvent[] = [];
  const result = await runtime.run(target, { onEvent: (event) => void events.push(event) });
  const spawned = events.filter((event): event is RunEventOf<'agent.spawned'> => event.kind === 'agent.spawned');
  return { result, events, spawned };
}

describe('spawn_agent in an autonomous crew', () => {
  it('a helper works on the spawner’s model with the tools it was given; its answer is the tool’s result', async () => {
    context.server.enqueue(
      spawn('Fact checker', { task: 'Check that 6 x 7 = 42.', tools: ['file_read'] }),
      { text: 'Checked: 42 is right.' },
      { text: 'Report: 42 (checked).' },
    );
    const { result, events, spawned } = await run(crew());

    expect(result).toMatchObject({ success: true, output: 'Report: 42 (checked).' });
    expect(toolNamesOf(0)).toEqual(['file_read', 'spawn_agent']);
    expect(systemOf(1)).toContain('You are Fact checker.');
    expect(systemOf(1)).toContain('Your goal: Help as Fact checker');
    expect(userTextOf(context.server.requests[1])).toContain('Check that 6 x 7 = 42.');
    // Strict allows one spawn: the helper's child budget has none left, so it is not offered the tool.
    expect(toolNamesOf(1)).toEqual(['file_read']);
    expect(toolResultOf(2)).toContain('Checked: 42 is right.');
    expect(requestedModels(context.server)).toEqual(['writer-model', 'writer-model', 'writer-model']);
    const called = events.find((event) => event.kind === 'tool.called' && event.toolName === 'spawn_agent');
    expect(spawned).toEqual([
      expect.objectContaining({
        agentId: 'writer.helper-1',
        role: 'Fact checker',
        reason: "spawned by Writer (writer) on task 'report'",
        causationId: called?.seq,
      }),
    ]);
    expect(result.metadata).toMatchObject({ budget_spawned: '1/1', budget_exhausted: false });
  });

  it('under Strict the second spawn is refused: Execution budget exhausted: spawnedAgents; the run goes on', async () => {
    context.server.enqueue(spawn('Researcher'), { text: 'Found it.' }, spawn('Editor'), {
      text: 'Report without an editor.',
    });
    const { result, spawned } = await run(crew());

    expect(context.server.requests).toHaveLength(4);
    expect(toolResultOf(3)).toContain('Execution budget exhausted: spawnedAgents (2 of 1)');
    expect(spawned.map((event) => event.role)).toEqual(['Researcher']);
    expect(result).toMatchObject({ success: true, output: 'Report without an editor.' });
    expect(result.metadata).toMatchObject({ budget_spawned: '1/1' });
  });

  it('a helper may spawn in turn while its child budget allows; every spawn counts on the run’s budget', async () => {
    context.server.enqueue(
      spawn('Researcher'),
      spawn('Librarian'),
      { text: 'The book says 42.' },
      { text: 'Research: 42.' },
      { text: 'Report: 42.' },
    );
    const { result, spawned } = await run(crew({ executionBudget: 'default' }));

    expect(toolNamesOf(1)).toContain('spawn_agent');
    expect(systemOf(2)).toContain('You are Librarian.');
    expect(spawned.map((event) => event.agentId)).toEqual(['writer.helper-1', 'writer.helper-1.helper-2']);
    expect(result).toMatchObject({ success: true, output: 'Report: 42.' });
    expect(result.metadata).toMatchObject({ budget_spawned: '2/3' });
  });

  it('no agent spawns itself or an agent above it (AUTONOMOUS_SPAWN_RECURSIVE)', async () => {
    context.server.enqueue(
      spawn('writer'),
      spawn('Researcher'),
      spawn('Writer'),
      { text: 'Research done alone.' },
      { text: 'Report.' },
    );
    const { result, spawned } = await run(crew({ executionBudget: 'default' }));

    expect(toolResultOf(1)).toContain("AUTONOMOUS_SPAWN_RECURSIVE: an agent cannot spawn itself: 'writer' is you");
    expect(toolResultOf(3)).toContain("'Writer' is Writer (writer), who spawned you");
    expect(spawned.map((event) => event.role)).toEqual(['Researcher']);
    expect(result.success).toBe(true);
  });

  it('a helper gets only tools its spawner has, and its calls cross the same permission gate', async () => {
    context.server.enqueue(
      spawn('Clerk', { tools: ['shell'] }),
      spawn('Clerk', { tools: ['FILE_WRITE'] }),
      { toolCalls: [{ name: 'file_write', arguments: { path: '/out/notes.md', content: 'notes' } }] },
      { text: 'Could not write the notes.' },
      { text: 'Report.' },
    );
    const { events } = await run(crew({ executionBudget: 'default' }, ['file_read', 'file_write']), 'plan');

    expect(toolResultOf(1)).toContain(
      "AUTONOMOUS_SPAWN_TOOL_DENIED: a helper gets only tools you have, and 'shell' is not one of them; choose among: file_read, file_write.",
    );
    expect(toolNamesOf(2)).toEqual(['file_write', 'spawn_agent']);
    expect(events.find((event) => event.kind === 'tool.returned' && event.toolName === 'file_write')).toMatchObject({
      agentId: 'writer.helper-1',
      outcome: 'Denied',
    });
    expect(toolResultOf(3)).toContain('plan mode allows only reads');
  });

  it('outside an autonomous crew the tool is not offered, and refused when named', async () => {
    context.server.enqueue(spawn('Researcher'), { text: 'Alone.' });
    const sequential = defineCrew({
      name: 'desk',
      agents: [{ id: 'writer', role: 'Writer', goal: 'Write', tools: ['spawn_agent'] }],
      tasks: [{ id: 'report', description: 'Write the report.', expectedOutput: 'A report' }],
    });
    const { result, spawned } = await run(sequential);
    expect(toolResultOf(1)).toContain('spawn_agent works only for an agent of an autonomous crew');
    expect(spawned).toEqual([]);
    expect(result.output).toBe('Alone.');

    context.server.reset();
    context.server.enqueue({ text: 'Plain.' });
    await run(defineCrew({ ...sequential, agents: [{ id: 'writer', role: 'Writer', goal: 'Write' }] }));
    expect(toolNamesOf(0)).toEqual([]);
  });
});

describe('AgentSpawner', () => {
  const writer = { id: 'writer', role: 'Writer', goal: 'Write', tools: [], maxIterations: 3, allowDelegation: false };
  const task = {
    id: 'report',
    description: 'Write.',
    expectedOutput: 'A report',
    dependencies: [],
    context: {},
    tools: [],
  };

  it('refuses recursion with a typed error before anything runs or is counted', async () => {
    const budget = AgentExecutionBudget.strict();
    let worked = false;
    const spawner = new AgentSpawner({
      agent: writer,
      task,
      budgets: [budget],
      nextNumber: () => 1,
      work: async () => {
        worked = true;
        return { output: '', usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } };
      },
    });
    const refusal = await spawner
      .spawn({ role: ' WRITER ', goal: 'Write', task: 'Write it.' }, { signal: new AbortController().signal })
      .catch((error: unknown) => error);
    expect(AgentSpawnRefusedError.isInstance(refusal)).toBe(true);
    expect(refusal).toMatchObject({ code: 'AUTONOMOUS_SPAWN_RECURSIVE' });
    expect(worked).toBe(false);
    expect(budget.toSnapshot().spawnedAgents.used).toBe(0);
  });
});
