import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defineCrew } from '../../src/crew/define-crew.js';
import { runCrew } from '../../src/process/run-crew.js';
import { eventLog, scriptedClients, systemText, userText } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

const agents = [
  { id: 'researcher', role: 'Researcher', goal: 'Find facts', backstory: 'Never invents a source.' },
  { id: 'writer', role: 'Writer', goal: 'Write clearly' },
];

describe('sequential process', () => {
  it('runs tasks in order, passing earlier outputs as context, and reports every event', async () => {
    server.enqueue(
      { text: 'FACTS-123', usage: { inputTokens: 10, outputTokens: 3 } },
      { text: 'ARTICLE', usage: { inputTokens: 20, outputTokens: 5 } },
    );
    const crew = defineCrew({
      name: 'desk',
      agents,
      tasks: [
        // Declared before its dependency: the run order still puts research first.
        {
          id: 'write',
          description: 'Write the article.',
          expectedOutput: 'An article',
          agent: 'writer',
          dependencies: ['research'],
          context: { audience: 'experts' },
        },
        { id: 'research', description: 'Research the topic.', expectedOutput: 'A list of facts', agent: 'researcher' },
      ],
    });
    const { clientFor, calls } = scriptedClients(server);
    const log = eventLog();
    const result = await runCrew(crew, { clientFor, logger: captureLogger().logger, onEvent: log.onEvent });

    expect(result).toMatchObject({
      success: true,
      output: 'ARTICLE',
      usage: { inputTokens: 30, outputTokens: 8, totalTokens: 38 },
    });
    expect(result.error).toBeUndefined();
    expect(result.tasks.map(({ id, agent, status, output }) => ({ id, agent, status, output }))).toEqual([
      { id: 'research', agent: 'researcher', status: 'Completed', output: 'FACTS-123' },
      { id: 'write', agent: 'writer', status: 'Completed', output: 'ARTICLE' },
    ]);

    const [first, second] = server.requests;
    expect(systemText(first)).toBe('You are Researcher.\nYour goal: Find facts\nNever invents a source.');
    expect(userText(first)).toBe('# Task\nResearch the topic.\n\n# Expected output\nA list of facts');
    expect(userText(second)).toBe(
      "# Task\nWrite the article.\n\n# Context\n- audience: experts\n\n# Results of earlier tasks\n## Task 'research' (Researcher)\nFACTS-123\n\n# Expected output\nAn article",
    );

    expect(calls.map((call) => call.caller)).toEqual([
      {
        kind: 'agent',
        agent: 'Researcher',
        agentId: 'researcher',
        crew: 'desk',
        process: 'sequential',
        task: 'research',
      },
      { kind: 'agent', agent: 'Writer', agentId: 'writer', crew: 'desk', process: 'sequential', task: 'write' },
    ]);
    expect(log.events.map((event) => event.kind)).toEqual([
      'run.started',
      'task.started',
      'task.completed',
      'task.started',
      'task.completed',
      'run.completed',
    ]);
    expect(log.events[0]).toEqual({
      kind: 'run.started',
      crew: 'desk',
      process: 'sequential',
      tasks: ['research', 'write'],
      reused: [],
    });
    expect(log.events[2]).toMatchObject({
      kind: 'task.completed',
      taskId: 'research',
      agentId: 'researcher',
      agentRole: 'Researcher',
      output: 'FACTS-123',
      usage: { inputTokens: 10, outputTokens: 3, totalTokens: 13 },
    });
    expect(log.events.at(-1)).toMatchObject({ kind: 'run.completed', output: 'ARTICLE' });
  });

  it('a failed task fails the crew: dependants are skipped, never run; independent tasks still run', async () => {
    server.enqueue({ error: { status: 400, message: 'bad request' } }, { text: 'INDEPENDENT' });
    const crew = defineCrew({
      name: 'fragile',
      agents,
      tasks: [
        { id: 'a', description: 'A.', expectedOutput: 'A', agent: 'researcher' },
        { id: 'b', description: 'B.', expectedOutput: 'B', agent: 'writer', dependencies: ['a'] },
        { id: 'c', description: 'C.', expectedOutput: 'C', dependencies: ['b'] },
        { id: 'd', description: 'D.', expectedOutput: 'D', agent: 'writer' },
      ],
    });
    const log = eventLog();
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      onEvent: log.onEvent,
    });

    expect(server.requests).toHaveLength(2);
    expect(userText(server.requests[1])).toContain('D.');
    expect(result.success).toBe(false);
    expect(result.output).toBe('INDEPENDENT');
    expect(result.tasks.map(({ id, status, reason }) => ({ id, status, reason }))).toEqual([
      { id: 'a', status: 'Failed', reason: undefined },
      { id: 'b', status: 'Skipped', reason: "dependency 'a' failed" },
      { id: 'c', status: 'Skipped', reason: "dependency 'b' was skipped" },
      { id: 'd', status: 'Completed', reason: undefined },
    ]);
    expect(result.tasks[0]?.error?.code).toBe('LLM_PROVIDER_FAILED');
    expect(result.error?.code).toBe('CREW_RUN_FAILED');
    expect(result.error?.message).toMatch(
      /^Crew 'fragile' failed: task 'a' failed \(The 'openai' provider failed \(HTTP 400\): .*bad request.*\); task 'b' skipped \(dependency 'a' failed\); task 'c' skipped \(dependency 'b' was skipped\)\.$/,
    );
    expect(result.error?.details).toEqual({ failed: ['a'], skipped: ['b', 'c'] });
    expect(log.events.filter((event) => event.kind === 'task.completed')).toEqual([
      {
        kind: 'task.completed',
        crew: 'fragile',
        taskId: 'b',
        agentId: 'writer',
        durationMs: 0,
        skipped: true,
        reason: "dependency 'a' failed",
      },
      {
        kind: 'task.completed',
        crew: 'fragile',
        taskId: 'c',
        durationMs: 0,
        skipped: true,
        reason: "dependency 'b' was skipped",
      },
      expect.objectContaining({ taskId: 'd', output: 'INDEPENDENT' }),
    ]);
    expect(log.events.find((event) => event.kind === 'task.failed')).toMatchObject({
      taskId: 'a',
      agentId: 'researcher',
      error: { code: 'LLM_PROVIDER_FAILED' },
    });
    expect(log.events.at(-1)).toMatchObject({
      kind: 'run.failed',
      failed: ['a'],
      skipped: ['b', 'c'],
      error: { code: 'CREW_RUN_FAILED' },
    });
  });

  it('resumes from completedOutputs: those tasks make no model request and their outputs are context', async () => {
    server.enqueue({ text: 'NEW ARTICLE' });
    const crew = defineCrew({
      name: 'resumed',
      agents,
      tasks: [
        { id: 'research', description: 'Research.', expectedOutput: 'Facts', agent: 'researcher' },
        { id: 'write', description: 'Write.', expectedOutput: 'Article', agent: 'writer', dependencies: ['research'] },
      ],
    });
    const log = eventLog();
    const { clientFor, calls } = scriptedClients(server);
    const result = await runCrew(crew, {
      clientFor,
      logger: captureLogger().logger,
      onEvent: log.onEvent,
      completedOutputs: new Map([['research', 'SAVED FACTS']]),
    });

    expect(server.requests).toHaveLength(1);
    expect(calls.map((call) => call.task)).toEqual(['write']);
    expect(userText(server.requests[0])).toContain("## Task 'research' (Researcher)\nSAVED FACTS");
    expect(result.success).toBe(true);
    expect(result.tasks[0]).toEqual({
      id: 'research',
      agent: 'researcher',
      status: 'Completed',
      output: 'SAVED FACTS',
      durationMs: 0,
      reusedFromCheckpoint: true,
    });
    expect(log.events[0]).toMatchObject({ kind: 'run.started', reused: ['research'] });
    expect(log.events[1]).toEqual({
      kind: 'task.completed',
      crew: 'resumed',
      taskId: 'research',
      agentId: 'researcher',
      durationMs: 0,
      output: 'SAVED FACTS',
      reused: true,
    });
  });

  it('the signal stops the run: the running task sees it, the rest is skipped, the result says interrupted', async () => {
    server.enqueue({ text: 'too late', delayMilliseconds: 5_000 });
    const crew = defineCrew({
      name: 'stoppable',
      agents,
      tasks: [
        { id: 'slow', description: 'Slow.', expectedOutput: 'S', agent: 'researcher' },
        { id: 'next', description: 'Next.', expectedOutput: 'N', agent: 'writer' },
      ],
    });
    const controller = new AbortController();
    const log = eventLog();
    const started = performance.now();
    setTimeout(() => controller.abort(), 150);
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      signal: controller.signal,
      onEvent: log.onEvent,
    });

    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result).toMatchObject({ success: false, interrupted: true });
    expect(result.error?.code).toBe('CREW_RUN_INTERRUPTED');
    expect(result.tasks.map(({ id, status }) => ({ id, status }))).toEqual([
      { id: 'slow', status: 'Failed' },
      { id: 'next', status: 'Skipped' },
    ]);
    expect(result.tasks[0]?.error?.code).toBe('TASK_INTERRUPTED');
    expect(result.tasks[1]?.reason).toBe('the run was interrupted');
    expect(server.requests).toHaveLength(1);
    await expect.poll(() => server.pendingAnswers).toBe(0);
    expect(log.events.at(-1)).toMatchObject({ kind: 'run.failed', interrupted: true });
  });

  it('asks for JSON when the task has an output schema', async () => {
    server.enqueue({ text: '{"count":3}' });
    const crew = defineCrew({
      name: 'structured',
      agents,
      tasks: [
        {
          id: 'count',
          description: 'Count.',
          expectedOutput: 'JSON',
          agent: 'researcher',
          outputSchema: { type: 'object', properties: { count: { type: 'integer' } }, required: ['count'] },
        },
      ],
    });
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(result.output).toBe('{"count":3}');
    expect(server.requests[0]?.body?.response_format).toBeDefined();
  });

  it('a listener that throws is logged and the run goes on', async () => {
    server.enqueue({ text: 'ok' });
    const logs = captureLogger();
    const crew = defineCrew({
      name: 'listened',
      agents,
      tasks: [{ id: 't', description: 'T.', expectedOutput: 'T', agent: 'writer' }],
    });
    const result = await runCrew(crew, {
      clientFor: scriptedClients(server).clientFor,
      logger: logs.logger,
      onEvent: () => {
        throw new Error('listener broke');
      },
    });
    expect(result.success).toBe(true);
    expect(logs.text()).toContain('a crew event listener failed; the run goes on');
  });
});
