import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { loadCrew } from '../../src/crew/load-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { scriptedModel, userTextOf, useServerAndFolder } from './runtime-test-setup.js';

const context = useServerAndFolder();

const yaml = `name: planned
goal: Ship a release note
planning: true
agents:
  writer: { role: Writer, goal: Write }
tasks:
  gather: { description: Gather the changes, expected_output: A list, agent: writer }
  write: { description: Write the note, expected_output: A note, agent: writer, dependencies: [gather] }
`;

async function plannedCrew() {
  const path = join(context.folder, 'crew.yaml');
  await writeFile(path, yaml);
  return loadCrew(path);
}

describe('planning', () => {
  it('planning: true has the planner write a step per task, shown in each task’s prompt', async () => {
    const plan = {
      steps: [
        { taskId: 'gather', step: 'List every merged change.' },
        { taskId: 'write', step: 'Group by area.' },
      ],
    };
    context.server.enqueue({ text: JSON.stringify(plan) }, { text: 'changes' }, { text: 'note' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    const events: RunEvent[] = [];
    const result = await runtime.run(await plannedCrew(), { onEvent: (event) => void events.push(event) });
    expect(result.success).toBe(true);
    const planner = context.server.requests[0];
    expect(JSON.stringify(planner?.body?.response_format)).toContain('json');
    expect(userTextOf(planner)).toContain('- gather: Gather the changes');
    expect(userTextOf(planner)).toContain('- writer: Writer');
    expect(userTextOf(context.server.requests[1])).toContain('plan: Step 1 of 2: List every merged change.');
    expect(userTextOf(context.server.requests[2])).toContain('plan: Step 2 of 2: Group by area.');
    expect(events[1]).toMatchObject({ kind: 'agent.spawned', role: 'Crew planner', reason: 'planning' });
  });

  it('a planner answer that is not a plan: the tasks run without one, and a recoverable error says so', async () => {
    context.server.enqueue({ text: 'I would rather not' }, { text: 'changes' }, { text: 'note' });
    await using runtime = await createRuntime({ model: scriptedModel(context.server), logger: captureLogger().logger });
    const events: RunEvent[] = [];
    const result = await runtime.run(await plannedCrew(), { onEvent: (event) => void events.push(event) });
    expect(result.success).toBe(true);
    expect(userTextOf(context.server.requests[1])).not.toContain('plan:');
    expect(events.find((event) => event.kind === 'error')).toMatchObject({
      code: 'CREW_PLAN_FAILED',
      recoverable: true,
    });
  });
});
