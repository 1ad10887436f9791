import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CrewInput } from '../../src/crew/crew-definition.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { agentNode, crewGraph, taskNode } from '../../src/graph/crew-graph.js';
import { END, START } from '../../src/graph/graph-sentinels.js';
import type { GraphNodeCompletedEvent } from '../../src/process/crew-events.js';
import { graphConfigSchema, graphProcessBreaker } from '../../src/process/graph-config.js';
import { runCrew } from '../../src/process/run-crew.js';
import { eventLog, scriptedClients, userText } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

function crew(overrides: Partial<CrewInput> = {}) {
  return defineCrew({
    name: 'pipeline',
    process: 'graph',
    agents: [{ id: 'worker', role: 'Worker', goal: 'Do the step' }],
    tasks: [
      { id: 'fetch', description: 'Fetch the data.', expectedOutput: 'Data', agent: 'worker' },
      {
        id: 'report',
        description: 'Write the report.',
        expectedOutput: 'A report',
        agent: 'worker',
        dependencies: ['fetch'],
      },
    ],
    ...overrides,
  });
}

const run = (definition: ReturnType<typeof crew>, extra: Partial<Parameters<typeof runCrew>[1]> = {}) =>
  runCrew(definition, { clientFor: scriptedClients(server).clientFor, logger: captureLogger().logger, ...extra });

describe('graph process (the fixed graph over the tasks)', () => {
  it('a failed task runs again at the head of the queue, before the tasks after it', async () => {
    server.enqueue({ error: { status: 500 } }, { text: 'DATA' }, { text: 'REPORT' });
    const log = eventLog();
    const result = await run(crew(), { onEvent: log.onEvent });

    expect(result).toMatchObject({ success: true, output: 'REPORT' });
    expect(server.requests.map((request) => userText(request).split('\n')[1])).toEqual([
      'Fetch the data.',
      'Fetch the data.',
      'Write the report.',
    ]);
    expect(log.events.map((event) => `${event.kind}${'taskId' in event ? ` ${event.taskId}` : ''}`)).toEqual([
      'run.started',
      'task.started fetch',
      'task.failed fetch',
      'graph.node.completed fetch',
      'graph.node.completed',
      'task.started fetch',
      'task.completed fetch',
      'graph.node.completed fetch',
      'graph.node.completed',
      'task.started report',
      'task.completed report',
      'graph.node.completed report',
      'graph.node.completed',
      'run.completed',
    ]);
  });

  it('after maxRetryCycles the task fails and its dependants are skipped', async () => {
    server.enqueue({ error: { status: 500 } }, { error: { status: 500 } });
    const result = await run(crew({ graphConfig: { maxRetryCycles: 1 } }));
    expect(server.requests).toHaveLength(2);
    expect(result.success).toBe(false);
    expect(result.tasks.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: 'fetch', status: 'Failed' },
      { id: 'report', status: 'Skipped' },
    ]);
  });

  it('a tripped breaker stops the run, keeps the finished outputs and names the mechanism', async () => {
    server.enqueue({ text: 'DATA' });
    const result = await run(crew({ graphConfig: { maxStateVisits: 1 } }));
    expect(server.requests).toHaveLength(1);
    expect(result).toMatchObject({ success: false, output: 'DATA' });
    expect(result.tasks).toMatchObject([
      { id: 'fetch', status: 'Completed', output: 'DATA' },
      {
        id: 'report',
        status: 'Skipped',
        reason: "circuit breaker tripped (MaxStateVisits): node 'execute_task' would make visit 2 of at most 1",
      },
    ]);
    expect(result.error?.code).toBe('GRAPH_BREAKER_TRIPPED');
    expect(result.error?.message).toBe(
      "Crew 'pipeline' stopped: task 'report' skipped (circuit breaker tripped (MaxStateVisits): node 'execute_task' would make visit 2 of at most 1).",
    );
  });

  it('the breaker’s defaults follow the tasks: visits = tasks × (1 + retries), transitions = 2 × visits + 1', () => {
    const config = graphConfigSchema.parse({});
    expect(config).toEqual({ maxRetryCycles: 2, circuitBreakerPreset: 'strict' });
    expect(graphProcessBreaker(config, 4)).toEqual({
      maxStateVisits: 12,
      maxTransitions: 25,
      stateTimeoutMilliseconds: 0,
      maxTotalDurationMilliseconds: 600_000,
      useDegradedMode: true,
    });
    expect(
      graphProcessBreaker(
        graphConfigSchema.parse({ circuitBreakerPreset: 'permissive', maxTotalDurationSeconds: 5 }),
        1,
      ),
    ).toMatchObject({ maxTotalDurationMilliseconds: 5000, useDegradedMode: false });
  });
});

describe('graph process (a crew’s own graph)', () => {
  /** draft → review (an agent) → decide: back to draft once, then END. */
  function reviewedCrew(failDecide?: { once: boolean }) {
    const graph = crewGraph()
      .addNode('draft', taskNode('write'))
      .addNode(
        'review',
        agentNode('critic', (state) => `Review this draft: ${state.outputs.write}`),
      )
      .addNode('decide', (state) => {
        if (failDecide?.once === true) {
          failDecide.once = false;
          throw new Error('the decision service is down');
        }
        const rounds = Number(state.values.rounds ?? 0) + 1;
        return { values: { ...state.values, rounds } };
      })
      .addEdge(START, 'draft')
      .addEdge('draft', 'review')
      .addEdge('review', 'decide')
      .addConditionalEdge('decide', (state) => (Number(state.values.rounds) < 2 ? 'draft' : END));
    return defineCrew({
      name: 'reviewed',
      process: 'graph',
      agents: [
        { id: 'writer', role: 'Writer', goal: 'Write' },
        { id: 'critic', role: 'Critic', goal: 'Criticise' },
      ],
      tasks: [{ id: 'write', description: 'Write a haiku.', expectedOutput: 'A haiku', agent: 'writer' }],
      graph,
    });
  }

  it('runs task, agent and function nodes along its edges; a task done once is not run again', async () => {
    server.enqueue({ text: 'HAIKU' }, { text: 'NICE' }, { text: 'STILL NICE' });
    const log = eventLog();
    const result = await run(reviewedCrew(), { onEvent: log.onEvent });

    expect(result).toMatchObject({ success: true, output: 'HAIKU' });
    expect(server.requests).toHaveLength(3);
    expect(userText(server.requests[1])).toBe('Review this draft: HAIKU');
    const steps = log.events.filter((event): event is GraphNodeCompletedEvent => event.kind === 'graph.node.completed');
    expect(steps.map((step) => `${step.node}→${step.next}`)).toEqual([
      'draft→review',
      'review→decide',
      'decide→draft',
      'draft→review',
      'review→decide',
      'decide→__end__',
    ]);
  });

  it('resumes from the graph’s checkpoint: the nodes before it are not run again', async () => {
    server.enqueue({ text: 'HAIKU' }, { text: 'NICE' });
    const log = eventLog();
    const failing = { once: true };
    const first = await run(reviewedCrew(failing), { onEvent: log.onEvent });
    expect(first.success).toBe(false);
    expect(first.error).toMatchObject({
      code: 'TASK_RUN_FAILED',
      message: "Crew 'reviewed' stopped: the decision service is down.",
    });
    const steps = log.events.filter((event): event is GraphNodeCompletedEvent => event.kind === 'graph.node.completed');
    const saved = steps.findLast((step) => step.checkpoint !== undefined);
    expect(saved).toMatchObject({ node: 'review', next: 'decide', step: 2 });

    server.reset();
    server.enqueue({ text: 'NICE AGAIN' });
    const resumed = await run(reviewedCrew(failing), {
      completedOutputs: { write: 'HAIKU', __graph__: saved?.checkpoint as string },
    });
    expect(resumed).toMatchObject({ success: true, output: 'HAIKU' });
    // Only the second review ran: draft (the write task) came from the checkpoint both times.
    expect(server.requests).toHaveLength(1);
    expect(userText(server.requests[0])).toBe('Review this draft: HAIKU');
    expect(resumed.tasks[0]).toMatchObject({ id: 'write', reusedFromCheckpoint: true });
  });

  it('a graph is refused outside process: graph, and when it is not made with crewGraph()', () => {
    const graph = crewGraph()
      .addNode('a', () => undefined)
      .addEdge(START, 'a')
      .addEdge('a', END);
    expect(() => crew({ process: 'sequential', graph })).toThrow(
      'a graph runs only under process: graph, not sequential',
    );
    expect(() => crew({ graph: {} as never })).toThrow('graph must be made with crewGraph()');
  });

  it('the old circuitBreaker block is refused with a pointer to graphConfig', () => {
    expect(() => crew({ circuitBreaker: { maxTransitions: 3 } } as never)).toThrow(
      'circuitBreaker: is no longer read; set the breaker in the crew’s graphConfig:',
    );
  });
});
