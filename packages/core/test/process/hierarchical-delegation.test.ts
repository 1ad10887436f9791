import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { ServiceCollection } from '../../src/services/service-collection.js';
import { type ToolAuditEvent, ToolAuditSinkService } from '../../src/tools/tool-audit.js';
import { scriptedModel, useServerAndFolder } from '../runtime/runtime-test-setup.js';
import { systemText, userText } from './process-test-setup.js';

const context = useServerAndFolder();

const newsroom = (managerDelegates: boolean, researcherDelegates = false) =>
  defineCrew({
    name: 'newsroom',
    process: 'hierarchical',
    manager: 'editor',
    agents: [
      { id: 'editor', role: 'Editor in chief', goal: 'Assign and review', allowDelegation: managerDelegates },
      { id: 'researcher', role: 'Researcher', goal: 'Find facts', allowDelegation: researcherDelegates },
      { id: 'writer', role: 'Writer', goal: 'Write clearly' },
    ],
    tasks: [{ id: 'story', description: 'Write about the moon.', expectedOutput: 'A story' }],
  });

const toolNamesOf = (index: number) =>
  ((context.server.requests[index]?.body?.tools ?? []) as { function: { name: string } }[]).map(
    (tool) => tool.function.name,
  );
const toolResultsOf = (index: number) =>
  ((context.server.requests[index]?.body?.messages ?? []) as { role: string; content: unknown }[])
    .filter((message) => message.role === 'tool')
    .map((message) => String(message.content))
    .join('\n');

async function run(managerDelegates: boolean, researcherDelegates = false, services = new ServiceCollection()) {
  const events: RunEvent[] = [];
  await using runtime = await createRuntime({
    services,
    model: scriptedModel(context.server),
    logger: captureLogger().logger,
    settings: { Llm: { MaxRetries: 0 } },
  });
  const crew = newsroom(managerDelegates, researcherDelegates);
  const result = await runtime.run(crew, { onEvent: (event) => void events.push(event) });
  return { result, events };
}

/** The routing as the bus shows it: hand-overs, starts, the manager's consultations and the end. */
function routing(events: readonly RunEvent[]): string[] {
  return events.flatMap((event) => {
    if (event.kind === 'delegation.started')
      return [`${event.mode} ${event.agentId}→${event.toAgentId} depth ${event.depth} on ${event.taskId}`];
    if (event.kind === 'task.started') return [`start ${event.agentId} #${event.attempt}`];
    if (event.kind === 'tool.called' || event.kind === 'tool.returned')
      return [`${event.kind} ${event.toolName} by ${event.agentId}`];
    if (event.kind === 'task.completed') return [`done ${event.taskId} ${event.success}`];
    return [];
  });
}

describe('hierarchical manager with allowDelegation', () => {
  it('asks a coworker during its review, reads the answer and its verdict is applied', async () => {
    context.server.enqueue(
      { text: '{"agent":"writer","reason":"writing is its trade"}' },
      { text: 'The moon is 384,400 km away.' },
      {
        toolCalls: [
          {
            name: 'ask_question_to_coworker',
            arguments: { coworker: 'Researcher', question: 'Is the moon 384,400 km from the Earth?' },
          },
        ],
      },
      { text: 'Yes, on average.', usage: { inputTokens: 1000, outputTokens: 7 } },
      { text: '{"approved":false,"feedback":"Say it is the average distance."}' },
      { text: 'On average, the moon is 384,400 km away.' },
      { text: '{"approved":true,"feedback":""}' },
    );
    const { result, events } = await run(true);

    expect(result.success).toBe(true);
    expect(result.output).toBe('On average, the moon is 384,400 km away.');
    const requests = context.server.requests;
    expect(requests).toHaveLength(7);
    // The assignment stays one call without tools; the review is a turn with the collaboration tools.
    expect(toolNamesOf(0)).toEqual([]);
    expect(toolNamesOf(2)).toEqual(['ask_question_to_coworker', 'delegate_work_to_coworker']);
    expect(userText(requests[2])).toContain('ask_question_to_coworker to have one check a fact of the answer');
    // The question reaches the researcher's model, its answer the manager's.
    expect(systemText(requests[3])).toContain('You are Researcher.');
    expect(userText(requests[3])).toContain(
      '# Question from your coworker Editor in chief\nIs the moon 384,400 km from the Earth?',
    );
    expect(toolResultsOf(4)).toContain('Yes, on average.');
    // The verdict is applied: the writer redoes the work with the feedback.
    expect(systemText(requests[5])).toContain('You are Writer.');
    expect(userText(requests[5])).toContain('Feedback:\nSay it is the average distance.');

    expect(routing(events)).toEqual([
      'delegate editor→writer depth 1 on story',
      'start writer #1',
      'tool.called ask_question_to_coworker by editor',
      'ask editor→researcher depth 1 on story',
      'tool.returned ask_question_to_coworker by editor',
      'delegate editor→writer depth 1 on story',
      'start writer #2',
      'done story true',
    ]);
    // Every token of the task, the researcher's included, counts for the task and the run.
    const finished = events.find((event) => event.kind === 'run.finished');
    const completed = events.find((event) => event.kind === 'task.completed');
    expect(completed?.kind === 'task.completed' && completed.tokens).toBe(
      finished?.kind === 'run.finished' && finished.tokens,
    );
    expect(result.usage.totalTokens).toBe(finished?.kind === 'run.finished' && finished.tokens);
    expect(result.tasks[0]?.usage?.totalTokens).toBeGreaterThan(1007);
  });

  it('delegates part of the work and weighs the result before approving', async () => {
    context.server.enqueue(
      { text: '{"agent":"writer","reason":"a story"}' },
      { text: 'The moon pulls the tides.' },
      {
        toolCalls: [
          {
            name: 'delegate_work_to_coworker',
            arguments: { coworker: 'researcher', task: 'List two sources on tides.', context: 'A moon story' },
          },
        ],
      },
      { text: 'NASA; NOAA' },
      { text: '{"approved":true,"feedback":"Sources confirm it."}' },
    );
    const audited: ToolAuditEvent[] = [];
    const services = new ServiceCollection().addInstance(ToolAuditSinkService, (event) => void audited.push(event));
    const { result, events } = await run(true, false, services);

    expect(result.success).toBe(true);
    // The call crossed the tool pipeline as the manager's, on this task.
    expect(audited).toMatchObject([
      { tool: 'delegate_work_to_coworker', outcome: 'Success', caller: { agentId: 'editor', task: 'story' } },
    ]);
    expect(result.tasks[0]).toMatchObject({
      agent: 'writer',
      status: 'Completed',
      output: 'The moon pulls the tides.',
    });
    expect(userText(context.server.requests[3])).toContain(
      '# Work handed to you by your coworker Editor in chief\nList two sources on tides.\n\n# Context\nA moon story',
    );
    expect(toolResultsOf(4)).toContain('NASA; NOAA');
    expect(events.filter((event) => event.kind === 'delegation.started')).toMatchObject([
      { agentId: 'editor', toAgentId: 'writer', toRole: 'Writer', mode: 'delegate', depth: 1, taskId: 'story' },
      { agentId: 'editor', toAgentId: 'researcher', toRole: 'Researcher', mode: 'delegate', depth: 1, taskId: 'story' },
    ]);
  });

  it('a coworker the manager asks may ask another in turn; every level’s tokens count for the task', async () => {
    context.server.enqueue(
      { text: '{"agent":"writer"}' },
      { text: 'W1' },
      { toolCalls: [{ name: 'ask_question_to_coworker', arguments: { coworker: 'researcher', question: 'Sound?' } }] },
      { toolCalls: [{ name: 'ask_question_to_coworker', arguments: { coworker: 'Writer', question: 'Source?' } }] },
      { text: 'From NASA.', usage: { inputTokens: 500, outputTokens: 5 } },
      { text: 'Checked against NASA.', usage: { inputTokens: 300, outputTokens: 3 } },
      { text: '{"approved":true,"feedback":""}' },
    );
    const { result, events } = await run(true, true);

    expect(result.success).toBe(true);
    expect(systemText(context.server.requests[4])).toContain('You are Writer.');
    expect(toolResultsOf(6)).toContain('Checked against NASA.');
    expect(events.filter((event) => event.kind === 'delegation.started')).toMatchObject([
      { agentId: 'editor', toAgentId: 'writer', mode: 'delegate', depth: 1 },
      { agentId: 'editor', toAgentId: 'researcher', mode: 'ask', depth: 1 },
      { agentId: 'researcher', toAgentId: 'writer', mode: 'ask', depth: 2 },
    ]);
    const finished = events.find((event) => event.kind === 'run.finished');
    expect(result.tasks[0]?.usage?.totalTokens).toBe(finished?.kind === 'run.finished' && finished.tokens);
  });
});

describe('hierarchical manager without allowDelegation', () => {
  it('decides in plain calls: no request offers it tools, and the routing is still on the bus', async () => {
    context.server.enqueue(
      { text: '{"agent":"researcher","reason":"facts first"}' },
      { text: 'DRAFT' },
      { text: '{"approved":false,"feedback":"Shorter."}' },
      { text: 'SHORT' },
      { text: '{"approved":true,"feedback":""}' },
    );
    const { result, events } = await run(false);

    expect(result.output).toBe('SHORT');
    const requests = context.server.requests;
    expect(requests).toHaveLength(5);
    for (const index of [0, 2, 4]) {
      expect(systemText(requests[index])).toContain('You are Editor in chief.');
      expect(requests[index]?.body?.tools).toBeUndefined();
      expect(userText(requests[index])).not.toContain('ask_question_to_coworker');
    }
    expect(routing(events)).toEqual([
      'delegate editor→researcher depth 1 on story',
      'start researcher #1',
      'delegate editor→researcher depth 1 on story',
      'start researcher #2',
      'done story true',
    ]);
  });
});
