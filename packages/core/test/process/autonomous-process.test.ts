import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CrewInput } from '../../src/crew/crew-definition.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import type { TaskStartedEvent } from '../../src/process/crew-events.js';
import { runCrew } from '../../src/process/run-crew.js';
import { eventLog, scriptedClients, systemText, userText } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

function crew(overrides: Partial<CrewInput> = {}) {
  return defineCrew({
    name: 'studio',
    process: 'autonomous',
    manager: 'lead',
    agents: [
      { id: 'lead', role: 'Lead', goal: 'Assign the work' },
      { id: 'coder', role: 'Coder', goal: 'Write code', allowDelegation: true },
      { id: 'tester', role: 'Tester', goal: 'Test code' },
    ],
    tasks: [
      { id: 'build', description: 'Build the feature.', expectedOutput: 'Code' },
      { id: 'check', description: 'Check the feature.', expectedOutput: 'A verdict', dependencies: ['build'] },
    ],
    ...overrides,
  });
}

describe('autonomous process', () => {
  it('the manager assigns each task; the output metadata reports the budget', async () => {
    server.enqueue(
      { text: '{"agent":"coder","reason":"it codes"}' },
      { text: 'CODE' },
      { text: '{"agent":"tester"}' },
      { text: 'PASSES' },
    );
    const { clientFor, calls } = scriptedClients(server);
    const result = await runCrew(crew(), { clientFor, logger: captureLogger().logger });

    expect(result).toMatchObject({ success: true, output: 'PASSES' });
    expect(result.tasks.map((task) => task.agent)).toEqual(['coder', 'tester']);
    expect(calls.map((call) => `${call.agent}@${call.task}`)).toEqual([
      'lead@build',
      'coder@build',
      'lead@check',
      'tester@check',
    ]);
    expect(userText(server.requests[0])).toContain(
      '- coder: Coder. Goal: Write code\n- tester: Tester. Goal: Test code',
    );
    expect(result.metadata).toEqual({
      process_type: 'autonomous',
      agent_count: 2,
      budget_tool_calls: '2/50',
      budget_delegation_depth: '0/4',
      budget_tokens: '0/64000',
      budget_spawned: '0/10',
      budget_exhausted: false,
    });
  });

  it('without a manager a coordinator on the default model assigns among all agents', async () => {
    server.enqueue({ text: '{"agent":"tester"}' }, { text: 'ONE' });
    const { clientFor, calls } = scriptedClients(server);
    const result = await runCrew(
      defineCrew({
        name: 'studio',
        process: 'autonomous',
        agents: crew().agents,
        tasks: [{ id: 'only', description: 'Do it.', expectedOutput: 'Done' }],
      }),
      { clientFor, logger: captureLogger().logger },
    );
    expect(result).toMatchObject({ success: true, output: 'ONE' });
    expect(calls[0]?.agent).toBe('autonomous-coordinator');
    expect(systemText(server.requests[0])).toContain('You are Coordinator of an autonomous crew.');
    expect(result.metadata?.agent_count).toBe(3);
  });

  it('a failing agent that allows delegation hands the task to the first other agent, whose tokens count', async () => {
    server.enqueue(
      { text: '{"agent":"coder"}' },
      { error: { status: 500 } },
      { text: 'CODE BY TESTER', usage: { inputTokens: 30, outputTokens: 12 } },
    );
    const log = eventLog();
    const result = await runCrew(crew({ tasks: [{ id: 'build', description: 'Build.', expectedOutput: 'Code' }] }), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      onEvent: log.onEvent,
    });

    expect(result).toMatchObject({ success: true, output: 'CODE BY TESTER' });
    expect(result.tasks[0]).toMatchObject({ agent: 'tester', status: 'Completed' });
    expect(systemText(server.requests[2])).toContain('You are Tester.');
    const starts = log.events.filter((event): event is TaskStartedEvent => event.kind === 'task.started');
    expect(starts.map((event) => `${event.agentId}#${event.attempt}`)).toEqual(['coder#1', 'tester#2']);
    expect(result.metadata).toMatchObject({ budget_delegation_depth: '1/4', budget_tokens: '42/64000' });
  });

  it('the delegate does not delegate again; an agent without allowDelegation does not delegate at all', async () => {
    server.enqueue({ text: '{"agent":"coder"}' }, { error: { status: 500 } }, { error: { status: 500 } });
    const result = await runCrew(crew({ tasks: [{ id: 'build', description: 'Build.', expectedOutput: 'Code' }] }), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(server.requests).toHaveLength(3);
    expect(result.tasks[0]?.status).toBe('Failed');
    expect(result.tasks[0]?.error?.message).toContain("Delegated to 'tester', which failed too");

    server.reset();
    server.enqueue({ text: '{"agent":"tester"}' }, { error: { status: 500 } });
    const plain = await runCrew(
      crew({ tasks: [{ id: 'check', description: 'Check.', expectedOutput: 'A verdict' }] }),
      {
        clientFor: scriptedClients(server).clientFor,
        logger: captureLogger().logger,
      },
    );
    expect(server.requests).toHaveLength(2);
    expect(plain.metadata?.budget_delegation_depth).toBe('0/4');
  });

  it('a spent budget stops the run: Execution budget exhausted: <dimension>', async () => {
    server.enqueue({ text: '{"agent":"coder"}' }, { text: 'CODE' });
    const result = await runCrew(crew(), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      executionBudget: {
        maxToolCalls: 1,
        maxDelegationDepth: 1,
        maxWallTimeMs: 60_000,
        maxTokensConsumed: 1000,
        maxSpawnedAgents: 0,
      },
    });

    expect(server.requests).toHaveLength(2);
    expect(result.success).toBe(false);
    expect(result.tasks[0]).toMatchObject({ id: 'build', status: 'Completed', output: 'CODE' });
    expect(result.tasks[1]).toMatchObject({
      id: 'check',
      status: 'Failed',
      error: { code: 'AUTONOMOUS_BUDGET_EXHAUSTED' },
    });
    expect(result.tasks[1]?.error?.message).toMatch(/^Execution budget exhausted: toolCalls \(2 of 1\)/);
    expect(result.error?.code).toBe('AUTONOMOUS_BUDGET_EXHAUSTED');
    expect(result.metadata).toMatchObject({ budget_tool_calls: '1/1', budget_exhausted: 'toolCalls' });
  });
});
