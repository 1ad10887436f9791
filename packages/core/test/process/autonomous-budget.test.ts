import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CrewInput } from '../../src/crew/crew-definition.js';
import { defineCrew } from '../../src/crew/define-crew.js';
import { runCrew } from '../../src/process/run-crew.js';
import { scriptedClients } from './process-test-setup.js';

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

/** One agent (so no one is asked to assign) and `count` tasks. */
function crew(count: number, executionBudget?: CrewInput['executionBudget']) {
  return defineCrew({
    name: 'line',
    process: 'autonomous',
    agents: [{ id: 'worker', role: 'Worker', goal: 'Do each step' }],
    tasks: Array.from({ length: count }, (_, index) => ({
      id: `step${index + 1}`,
      description: `Do step ${index + 1}.`,
      expectedOutput: 'Done',
    })),
    ...(executionBudget === undefined ? {} : { executionBudget }),
  });
}

describe('autonomous process: the crew’s executionBudget', () => {
  it('executionBudget: strict stops the run after 8 tool calls', async () => {
    for (let step = 1; step <= 9; step++) server.enqueue({ text: `STEP ${step}` });
    const result = await runCrew(crew(9, 'strict'), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });

    expect(server.requests).toHaveLength(8);
    expect(result.tasks.slice(0, 8).every((task) => task.status === 'Completed')).toBe(true);
    expect(result.tasks[8]).toMatchObject({
      id: 'step9',
      status: 'Failed',
      error: { code: 'AUTONOMOUS_BUDGET_EXHAUSTED' },
    });
    expect(result.tasks[8]?.error?.message).toMatch(/^Execution budget exhausted: toolCalls \(9 of 8\); /);
    expect(result.metadata).toMatchObject({
      budget_tool_calls: '8/8',
      budget_delegation_depth: '0/1',
      budget_tokens: '0/8000',
      budget_spawned: '0/1',
      budget_exhausted: 'toolCalls',
    });
  });

  it('without the key the run has Permissive; limits override their preset one by one', async () => {
    for (let step = 1; step <= 9; step++) server.enqueue({ text: `STEP ${step}` });
    const open = await runCrew(crew(9), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(open.success).toBe(true);
    expect(open.metadata).toMatchObject({ budget_tool_calls: '9/50', budget_exhausted: false });

    server.reset();
    server.enqueue({ text: 'ONE' }, { text: 'TWO' });
    const bounded = await runCrew(crew(3, { preset: 'default', toolCalls: 2 }), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
    });
    expect(bounded.tasks.map((task) => task.status)).toEqual(['Completed', 'Completed', 'Failed']);
    expect(bounded.metadata).toMatchObject({ budget_tool_calls: '2/2', budget_spawned: '0/3' });
  });

  it('the host’s executionBudget option wins over the crew’s key', async () => {
    server.enqueue({ text: 'ONE' });
    const result = await runCrew(crew(2, 'permissive'), {
      clientFor: scriptedClients(server).clientFor,
      logger: captureLogger().logger,
      executionBudget: {
        maxToolCalls: 1,
        maxDelegationDepth: 0,
        maxWallTimeMs: 60_000,
        maxTokensConsumed: 100,
        maxSpawnedAgents: 0,
      },
    });
    expect(result.metadata).toMatchObject({ budget_tool_calls: '1/1', budget_exhausted: 'toolCalls' });
  });
});
