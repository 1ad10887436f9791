import { captureLogger } from '@orkeon/testing';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { BudgetExhaustedError, type BudgetExhaustion } from '../../src/budget/budget-exhausted-error.js';
import { withModelCallBudgets } from '../../src/budget/budgeted-model.js';
import { CrewBudgetMeter } from '../../src/budget/crew-budget-meter.js';
import {
  type FinishedModelCall,
  type ModelCallBudget,
  ModelCallBudgetService,
  type ModelCallSubject,
} from '../../src/budget/model-call-budget.js';
import { defineAgent, defineCrew } from '../../src/crew/define-crew.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import type { RunEvent } from '../../src/runtime/run-events.js';
import { ServiceCollection } from '../../src/services/service-collection.js';
import type { ServiceToken } from '../../src/services/service-token.js';
import { scriptedModel, useServerAndFolder } from '../runtime/runtime-test-setup.js';

const context = useServerAndFolder();

const crew = defineCrew({
  name: 'notes',
  agents: [{ id: 'w', role: 'Writer', goal: 'Write' }],
  tasks: [
    { id: 'one', description: 'First', expectedOutput: 'text', agent: 'w' },
    { id: 'two', description: 'Second', expectedOutput: 'text', agent: 'w' },
  ],
});

/** A budget of `limit` tokens per agent role, told every call. */
function tokensPerAgent(
  limit: number,
  seen: FinishedModelCall[] = [],
  asked: ModelCallSubject[] = [],
): ModelCallBudget {
  const used = new Map<string, number>();
  const over = (agent: string) =>
    (used.get(agent) ?? 0) > limit
      ? {
          dimension: 'tokens' as const,
          limit,
          used: used.get(agent) ?? 0,
          setting: 'Test:MaxTokensPerAgent',
          agent,
        }
      : undefined;
  return {
    name: 'per-agent',
    beforeCall: (call) => {
      asked.push(call);
      return over(call.agent);
    },
    afterCall: async (call) => {
      seen.push(call);
      used.set(call.agent, (used.get(call.agent) ?? 0) + call.inputTokens + call.outputTokens);
      return over(call.agent);
    },
  };
}

async function runtimeWith(...budgets: ModelCallBudget[]) {
  const services = new ServiceCollection();
  for (const budget of budgets) services.addInstance(ModelCallBudgetService, budget);
  return createRuntime({ services, model: scriptedModel(context.server), logger: captureLogger().logger });
}

describe('ModelCallBudgetService: budgets kept outside the run', () => {
  it('a passed limit after a call stops the run as a spent crew budget does, naming the setting and the agent', async () => {
    const seen: FinishedModelCall[] = [];
    await using runtime = await runtimeWith(tokensPerAgent(100, seen));
    context.server.enqueue({ text: 'ONE', usage: { inputTokens: 70, outputTokens: 50 } }, { text: 'TWO' });
    const events: RunEvent[] = [];
    const result = await runtime.run(crew, { onEvent: (event) => void events.push(event) });
    expect(result.success).toBe(false);
    expect(result.budgetExhausted).toEqual({
      dimension: 'tokens',
      limit: 100,
      used: 120,
      setting: 'Test:MaxTokensPerAgent',
      agent: 'Writer',
    });
    expect(result.error?.code).toBe('CREW_BUDGET_EXHAUSTED');
    expect(result.error?.message).toBe(
      "Crew 'notes' stopped: task 'two' skipped (the budget Test:MaxTokensPerAgent is spent).",
    );
    expect(new BudgetExhaustedError(result.budgetExhausted as BudgetExhaustion).message).toBe(
      "Budget exhausted: Test:MaxTokensPerAgent (agent 'Writer' used 120 of 100 tokens). Finished task outputs are kept; raise Test:MaxTokensPerAgent and run again with --resume to continue.",
    );
    // The call that passed the limit keeps its answer; the next task does not start.
    expect(result.tasks.map((task) => task.status)).toEqual(['Completed', 'Skipped']);
    expect(result.tasks[0]?.output).toBe('ONE');
    expect(context.server.requests).toHaveLength(1);
    expect(events.find((event) => event.kind === 'budget.exhausted')).toMatchObject({
      dimension: 'tokens',
      limit: 100,
      used: 120,
    });
    expect(events.at(-1)).toMatchObject({ kind: 'run.finished', exitCode: 2, budgetExhausted: 'tokens' });
    expect(seen).toEqual([
      {
        runId: result.sessionId,
        crew: 'notes',
        agent: 'Writer',
        agentId: 'w',
        taskId: 'one',
        model: 'scripted-model',
        provider: 'openai',
        inputTokens: 70,
        outputTokens: 50,
      },
    ]);
  });

  it('a limit already passed before a call stops the run without making the call', async () => {
    const spent: ModelCallBudget = {
      name: 'spent',
      beforeCall: () => ({ dimension: 'costUsd', limit: 1, used: 1.5, setting: 'Test:MaxCost' }),
    };
    await using runtime = await runtimeWith(spent);
    context.server.enqueue({ text: 'never asked' });
    const result = await runtime.run(crew);
    expect(context.server.requests).toHaveLength(0);
    expect(result.budgetExhausted).toEqual({ dimension: 'costUsd', limit: 1, used: 1.5, setting: 'Test:MaxCost' });
    expect(result.tasks.every((task) => task.status !== 'Completed')).toBe(true);
  });

  it('counts a streamed call when its stream ends, and a run without a session has one id for all its calls', async () => {
    const seen: FinishedModelCall[] = [];
    await using runtime = await runtimeWith(tokensPerAgent(1_000, seen));
    context.server.enqueue({ text: 'streamed answer', usage: { inputTokens: 12, outputTokens: 8 } });
    const agent = defineAgent({ id: 'solo', role: 'Solo', goal: 'Answer' });
    const first = await runtime.run(agent, 'Hi', { deltas: true });
    expect(first.output).toBe('streamed answer');
    expect(context.server.requests[0]?.stream).toBe(true);
    context.server.enqueue({ text: 'again', usage: { inputTokens: 1, outputTokens: 1 } });
    await runtime.run(agent, 'Again');
    expect(seen.map(({ inputTokens, outputTokens, agent }) => ({ inputTokens, outputTokens, agent }))).toEqual([
      { inputTokens: 12, outputTokens: 8, agent: 'Solo' },
      { inputTokens: 1, outputTokens: 1, agent: 'Solo' },
    ]);
    expect(seen[0]?.runId).toMatch(/^agent-run:[0-9a-f-]{36}$/);
    // Each agent run is a run of its own.
    expect(seen[1]?.runId).not.toBe(seen[0]?.runId);
  });

  it('a budget that throws fails the model call, which is not retried', async () => {
    const broken: ModelCallBudget = {
      name: 'broken',
      afterCall: () => {
        throw new Error('counter store is down');
      },
    };
    await using runtime = await runtimeWith(broken);
    context.server.enqueue({ text: 'ONE' }, { text: 'again' });
    const result = await runtime.run(defineCrew({ ...crew, tasks: crew.tasks.slice(0, 1) }));
    expect(result.success).toBe(false);
    expect(result.tasks[0]?.error?.message).toContain('counter store is down');
    expect(context.server.requests).toHaveLength(1);
    expect(result.budgetExhausted).toBeUndefined();
  });

  it('every budget counts the call, and the first one passed is the stop', async () => {
    const first: FinishedModelCall[] = [];
    const second: FinishedModelCall[] = [];
    await using runtime = await runtimeWith(tokensPerAgent(10, first), tokensPerAgent(5, second));
    context.server.enqueue({ text: 'ONE', usage: { inputTokens: 20, outputTokens: 0 } });
    const result = await runtime.run(crew);
    expect(first).toHaveLength(1);
    expect(second).toHaveLength(1);
    expect(result.budgetExhausted).toMatchObject({ limit: 10, used: 20 });
  });

  it('types the port: answers are nothing or an exhaustion, at once or later', () => {
    expectTypeOf(ModelCallBudgetService).toEqualTypeOf<ServiceToken<ModelCallBudget>>();
    type Answer = BudgetExhaustion | undefined | Promise<BudgetExhaustion | undefined>;
    expectTypeOf<NonNullable<ModelCallBudget['beforeCall']>>().toEqualTypeOf<(call: ModelCallSubject) => Answer>();
    expectTypeOf<NonNullable<ModelCallBudget['afterCall']>>().toEqualTypeOf<(call: FinishedModelCall) => Answer>();
    expectTypeOf<FinishedModelCall>().toExtend<ModelCallSubject>();
    expectTypeOf<BudgetExhaustion['setting']>().toEqualTypeOf<string | undefined>();
  });

  it('without budgets the model is left as it is', () => {
    const model = scriptedModel(context.server);
    const meter = new CrewBudgetMeter({});
    expect(
      withModelCallBudgets(model, [], { meter, runId: () => undefined, caller: () => ({ agent: 'a', agentId: 'a' }) }),
    ).toBe(model);
    meter.close();
  });
});
