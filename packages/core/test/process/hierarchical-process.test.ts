import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineCrew } from '../../src/crew/define-crew.js';
import type { TaskAssignedEvent, TaskStartedEvent } from '../../src/process/crew-events.js';
import { runCrew } from '../../src/process/run-crew.js';
import { eventLog, scriptedClients, systemText, userText } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

const crew = defineCrew({
  name: 'newsroom',
  goal: 'Publish accurate news',
  process: 'hierarchical',
  manager: 'editor',
  agents: [
    { id: 'editor', role: 'Editor in chief', goal: 'Assign and review the work' },
    { id: 'researcher', role: 'Researcher', goal: 'Find facts' },
    { id: 'writer', role: 'Writer', goal: 'Write clearly' },
  ],
  tasks: [
    // The task's own agent is not used: the manager assigns.
    { id: 'draft', description: 'Draft the story.', expectedOutput: 'A story', agent: 'researcher' },
    { id: 'check', description: 'Check the facts.', expectedOutput: 'A verdict', dependencies: ['draft'] },
  ],
});

const approve = { text: '{"approved":true,"feedback":""}' };
const reject = (feedback: string) => ({ text: JSON.stringify({ approved: false, feedback }) });

describe('hierarchical process', () => {
  it('the manager assigns each task by agent id and approves the answers', async () => {
    server.enqueue(
      { text: '{"agent":"writer","reason":"it is writing"}' },
      { text: 'THE STORY' },
      approve,
      { text: '{"agent":"researcher"}' },
      { text: 'FACTS OK' },
      approve,
    );
    const { clientFor, calls } = scriptedClients(server);
    const log = eventLog();
    const result = await runCrew(crew, { clientFor, logger: captureLogger().logger, onEvent: log.onEvent });

    expect(result).toMatchObject({ success: true, output: 'FACTS OK' });
    expect(result.tasks.map(({ id, agent, status }) => ({ id, agent, status }))).toEqual([
      { id: 'draft', agent: 'writer', status: 'Completed' },
      { id: 'check', agent: 'researcher', status: 'Completed' },
    ]);
    const [assignment, work, review] = server.requests;
    expect(systemText(assignment)).toBe('You are Editor in chief.\nYour goal: Assign and review the work');
    expect(userText(assignment)).toContain(
      "Choose the worker for task 'draft' of the crew 'newsroom' (goal: Publish accurate news).",
    );
    expect(userText(assignment)).toContain(
      '- researcher: Researcher. Goal: Find facts\n- writer: Writer. Goal: Write clearly',
    );
    expect(userText(assignment)).not.toContain('- editor');
    expect(assignment?.body?.response_format).toBeDefined();
    expect(systemText(work)).toBe('You are Writer.\nYour goal: Write clearly');
    expect(userText(review)).toContain('# Answer\nTHE STORY');
    expect(userText(server.requests[4])).toContain("## Task 'draft' (Writer)\nTHE STORY");
    expect(calls.map((call) => `${call.agent}@${call.task}`)).toEqual([
      'editor@draft',
      'writer@draft',
      'editor@draft',
      'editor@check',
      'researcher@check',
      'editor@check',
    ]);
    expect(calls[0]?.caller).toMatchObject({ process: 'hierarchical', agentId: 'editor', task: 'draft' });
    // Each assignment is an event before the worker starts, with the manager's reason.
    expect(log.events.map((event) => event.kind).slice(1, 4)).toEqual([
      'task.assigned',
      'task.started',
      'task.completed',
    ]);
    expect(log.events.filter((event) => event.kind === 'task.assigned')).toEqual([
      {
        kind: 'task.assigned',
        crew: 'newsroom',
        taskId: 'draft',
        managerId: 'editor',
        agentId: 'writer',
        agentRole: 'Writer',
        round: 1,
        reason: 'it is writing',
      },
      {
        kind: 'task.assigned',
        crew: 'newsroom',
        taskId: 'check',
        managerId: 'editor',
        agentId: 'researcher',
        agentRole: 'Researcher',
        round: 1,
      },
    ]);
    // The task's usage includes the manager's calls.
    const draft = result.tasks[0]?.usage?.totalTokens ?? 0;
    const check = result.tasks[1]?.usage?.totalTokens ?? 0;
    expect(draft + check).toBe(result.usage.totalTokens);
  });

  it('a rejected answer is redone with the feedback; the third rejection fails the crew with [NEEDS REVISION]', async () => {
    server.enqueue(
      { text: '{"agent":"writer"}' },
      { text: 'v1' },
      reject('Add a source.'),
      { text: 'v2' },
      reject('Still no source.'),
      { text: 'v3' },
      reject('Give up.'),
    );
    const log = eventLog();
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      onEvent: log.onEvent,
    });

    expect(server.requests).toHaveLength(7);
    expect(userText(server.requests[3])).toContain(
      '# Revision requested\nYour previous answer was not approved. Feedback:\nAdd a source.\n\nYour previous answer:\nv1',
    );
    expect(userText(server.requests[5])).toContain('Still no source.');
    expect(result.success).toBe(false);
    expect(result.output).toBe('[NEEDS REVISION] v3');
    expect(result.tasks[0]).toMatchObject({
      id: 'draft',
      agent: 'writer',
      status: 'Failed',
      output: '[NEEDS REVISION] v3',
      error: {
        code: 'TASK_REVISION_REQUIRED',
        message: "the manager rejected the answer to task 'draft' 3 times; last feedback: Give up.",
      },
    });
    expect(result.tasks[1]).toMatchObject({ id: 'check', status: 'Skipped', reason: "dependency 'draft' failed" });
    expect(result.error?.message).toBe(
      "Crew 'newsroom' failed: task 'draft' failed (the manager rejected the answer to task 'draft' 3 times; last feedback: Give up.); task 'check' skipped (dependency 'draft' failed).",
    );
    const starts = log.events.filter((event): event is TaskStartedEvent => event.kind === 'task.started');
    expect(starts.map((event) => event.attempt)).toEqual([1, 2, 3]);
    // Each revision round is handed over again, the manager's feedback as the reason.
    const handOvers = log.events.filter((event): event is TaskAssignedEvent => event.kind === 'task.assigned');
    expect(handOvers.map(({ agentId, round, reason }) => ({ agentId, round, reason }))).toEqual([
      { agentId: 'writer', round: 1, reason: undefined },
      { agentId: 'writer', round: 2, reason: 'Add a source.' },
      { agentId: 'writer', round: 3, reason: 'Still no source.' },
    ]);
    const kinds = log.events.map((event) => event.kind);
    expect(kinds.indexOf('task.assigned', kinds.indexOf('task.started') + 1)).toBeLessThan(
      kinds.lastIndexOf('task.started'),
    );
    expect(log.events.find((event) => event.kind === 'task.failed')).toMatchObject({ output: '[NEEDS REVISION] v3' });
  });

  it('an unusable assignment falls back to the first worker with a warning; a review that errors counts as approval', async () => {
    server.enqueue(
      { text: 'I think the writer should do it' },
      { text: 'DRAFT' },
      { error: { status: 500 } },
      { text: '{"agent":"nobody"}' },
      { text: 'CHECKED' },
      { text: '{"feedback":"no verdict"}' },
    );
    const logs = captureLogger();
    const log = eventLog();
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server, logs.logger).clientFor,
      logger: logs.logger,
      onEvent: log.onEvent,
    });

    expect(result.success).toBe(true);
    expect(result.tasks.map((task) => task.agent)).toEqual(['researcher', 'researcher']);
    expect(log.events.filter((event) => event.kind === 'task.assigned').map((event) => event.reason)).toEqual([
      'the manager could not assign the task; the first worker takes it',
      'the manager named no worker of the crew; the first worker takes the task',
    ]);
    const warnings = logs
      .records()
      .filter((record) => record.level === 40)
      .map((record) => record.msg);
    expect(warnings).toEqual(
      expect.arrayContaining([
        'the manager’s assignment failed; the first worker takes the task',
        'the manager’s review failed; counted as approval',
        'the manager named no worker of the crew; the first worker takes the task',
        'the manager’s review had no approved true/false; counted as approval',
      ]),
    );
  });
});
