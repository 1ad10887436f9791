import { describe, expect, it } from 'vitest';
import { AgentBudgetExhaustedError } from '../../src/autonomous/agent-budget-exhausted-error.js';
import { AgentExecutionBudget } from '../../src/autonomous/agent-execution-budget.js';
import { agentExecutionBudgetPresets } from '../../src/autonomous/agent-execution-budget-limits.js';

function thrown(action: () => void): AgentBudgetExhaustedError | undefined {
  try {
    action();
  } catch (error) {
    if (AgentBudgetExhaustedError.isInstance(error)) return error;
    throw error;
  }
  return undefined;
}

describe('agent execution budget', () => {
  it('the three presets carry the documented limits', () => {
    const minute = 60_000;
    expect(agentExecutionBudgetPresets).toEqual({
      strict: {
        maxToolCalls: 8,
        maxDelegationDepth: 1,
        maxWallTimeMs: 2 * minute,
        maxTokensConsumed: 8000,
        maxSpawnedAgents: 1,
      },
      default: {
        maxToolCalls: 15,
        maxDelegationDepth: 2,
        maxWallTimeMs: 5 * minute,
        maxTokensConsumed: 16000,
        maxSpawnedAgents: 3,
      },
      permissive: {
        maxToolCalls: 50,
        maxDelegationDepth: 4,
        maxWallTimeMs: 15 * minute,
        maxTokensConsumed: 64000,
        maxSpawnedAgents: 10,
      },
    });
    expect(AgentExecutionBudget.strict().limits).toBe(agentExecutionBudgetPresets.strict);
  });

  it('records up to the limit, then throws naming the dimension', () => {
    const budget = AgentExecutionBudget.strict();
    for (let call = 0; call < 8; call++) budget.recordToolCall();
    const error = thrown(() => budget.recordToolCall());
    expect(error?.code).toBe('AUTONOMOUS_BUDGET_EXHAUSTED');
    expect(error?.dimension).toBe('toolCalls');
    expect(error?.message).toMatch(/^Execution budget exhausted: toolCalls \(9 of 8\); /);
    expect(budget.toSnapshot()).toMatchObject({ toolCalls: { used: 8, limit: 8 }, exhausted: 'toolCalls' });
  });

  it('delegations and spawns each have their own limit', () => {
    const budget = AgentExecutionBudget.strict();
    budget.recordDelegation();
    expect(thrown(() => budget.recordDelegation())?.dimension).toBe('delegationDepth');
    const other = AgentExecutionBudget.strict();
    other.recordSpawn();
    expect(thrown(() => other.recordSpawn())?.dimension).toBe('spawnedAgents');
  });

  it('tokens are added, and throw once the total passes the limit', () => {
    const budget = AgentExecutionBudget.strict();
    budget.recordTokens(8000);
    expect(budget.isExhausted).toBe(false);
    expect(thrown(() => budget.recordTokens(1))?.message).toMatch(
      /^Execution budget exhausted: tokens \(8001 of 8000\)/,
    );
    expect(budget.isExhausted).toBe(true);
  });

  it('wall time runs on the injected clock; throwIfExhausted checks without counting', () => {
    let now = 1000;
    const budget = AgentExecutionBudget.strict({ clock: () => now });
    budget.throwIfExhausted();
    budget.throwIfExhausted();
    expect(budget.toSnapshot().toolCalls.used).toBe(0);
    now += 119_999;
    budget.assertWallTime();
    now += 1;
    expect(thrown(() => budget.assertWallTime())?.dimension).toBe('wallTime');
    expect(thrown(() => budget.throwIfExhausted())?.dimension).toBe('wallTime');
  });

  it('a child budget gets what remains: tool calls ≥ 1, depth − 1 ≥ 0, the wall time left, tokens ≥ 100, spawns ≥ 0', () => {
    let now = 0;
    const budget = new AgentExecutionBudget(
      { maxToolCalls: 3, maxDelegationDepth: 1, maxWallTimeMs: 1000, maxTokensConsumed: 500, maxSpawnedAgents: 1 },
      { clock: () => now },
    );
    for (let call = 0; call < 3; call++) budget.recordToolCall();
    budget.recordTokens(450);
    budget.recordSpawn();
    now = 400;
    const child = budget.createChildBudget();
    expect(child.limits).toEqual({
      maxToolCalls: 1,
      maxDelegationDepth: 0,
      maxWallTimeMs: 600,
      maxTokensConsumed: 100,
      maxSpawnedAgents: 0,
    });
    // The child shares the clock: its wall time runs out with the parent's.
    now = 1000;
    expect(thrown(() => child.assertWallTime())?.dimension).toBe('wallTime');
    const fresh = AgentExecutionBudget.permissive().createChildBudget();
    expect(fresh.limits).toMatchObject({ maxToolCalls: 50, maxDelegationDepth: 3, maxTokensConsumed: 64000 });
  });

  it('bad limits are refused', () => {
    expect(
      () =>
        new AgentExecutionBudget({
          maxToolCalls: -1,
          maxDelegationDepth: 1,
          maxWallTimeMs: 1,
          maxTokensConsumed: 1,
          maxSpawnedAgents: 0,
        }),
    ).toThrow('execution budget maxToolCalls must be a number of at least 0, not -1.');
    expect(() => new AgentExecutionBudget('lavish' as 'strict')).toThrow("unknown execution budget preset 'lavish'");
  });
});
