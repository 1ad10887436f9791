import { describe, expect, it } from 'vitest';
import { RateLimitingArgumentError, type TokenBudgetLimits, TokenBudgetTracker } from '../src/index.js';

const limits = (overrides: Partial<TokenBudgetLimits> = {}): TokenBudgetLimits => ({
  MaxTokensPerAgent: 100_000,
  MaxTokensPerCrew: 500_000,
  MaxCostPerCrew: 10,
  FallbackPrice: { InputPerMillionTokens: 3, OutputPerMillionTokens: 15 },
  ...overrides,
});

const priced = { cheap: { InputPerMillionTokens: 1, OutputPerMillionTokens: 2 } };

describe('TokenBudgetTracker in memory', () => {
  it('records each call for the agent and the crew, with its estimated cost and a call count', async () => {
    const tracker = new TokenBudgetTracker(limits(), { prices: priced });
    await tracker.recordUsage('crew-1', 'Writer', 1_000, 500, 'cheap');
    const result = await tracker.recordUsage('crew-1', 'Editor', 2_000, 0, 'cheap');
    expect(result).toEqual({
      isWithinBudget: true,
      agentUsage: { totalTokens: 2_000, estimatedCost: 0.002, callCount: 1 },
      crewUsage: { totalTokens: 3_500, estimatedCost: 0.004, callCount: 2 },
    });
    expect(await tracker.getReport('crew-1')).toEqual({
      crewId: 'crew-1',
      total: { totalTokens: 3_500, estimatedCost: 0.004, callCount: 2 },
      agents: {
        Writer: { totalTokens: 1_500, estimatedCost: 0.002, callCount: 1 },
        Editor: { totalTokens: 2_000, estimatedCost: 0.002, callCount: 1 },
      },
    });
    // Another crew counts from zero.
    expect(await tracker.getReport('crew-2')).toEqual({
      crewId: 'crew-2',
      total: { totalTokens: 0, estimatedCost: 0, callCount: 0 },
      agents: {},
    });
  });

  it('prices a model the registry does not know at the fallback rates', async () => {
    const tracker = new TokenBudgetTracker(
      limits({ FallbackPrice: { InputPerMillionTokens: 3, OutputPerMillionTokens: 15 } }),
    );
    expect(tracker.estimateCost('gpt-4o', 1_000_000, 0)).toBe(2.5);
    expect(tracker.estimateCost('a-model-nobody-prices', 1_000_000, 1_000_000)).toBe(18);
    const result = await tracker.recordUsage('c', 'a', 100_000, 0, 'a-model-nobody-prices');
    expect(result.crewUsage.estimatedCost).toBeCloseTo(0.3, 10);
  });

  it('checks agent tokens, then crew tokens, then crew cost; a usage equal to its limit is still within', async () => {
    const tracker = new TokenBudgetTracker(
      limits({ MaxTokensPerAgent: 100, MaxTokensPerCrew: 150, MaxCostPerCrew: 0.0004 }),
      { prices: priced },
    );
    expect((await tracker.recordUsage('c', 'A', 100, 0, 'cheap')).isWithinBudget).toBe(true);
    const agentOver = await tracker.recordUsage('c', 'A', 1, 0, 'cheap');
    expect(agentOver).toMatchObject({
      isWithinBudget: false,
      exceeded: { limit: 'MaxTokensPerAgent', maximum: 100, used: 101 },
      denialReason: "Agent 'A' used 101 tokens, over TokenBudget:MaxTokensPerAgent (100).",
    });
    const crewOver = await tracker.recordUsage('c', 'B', 50, 0, 'cheap');
    expect(crewOver).toMatchObject({
      isWithinBudget: false,
      exceeded: { limit: 'MaxTokensPerCrew', maximum: 150, used: 151 },
      denialReason: 'The crew used 151 tokens, over TokenBudget:MaxTokensPerCrew (150).',
    });
    const costly = new TokenBudgetTracker(limits({ MaxCostPerCrew: 0.001 }), { prices: priced });
    await costly.recordUsage('c', 'A', 0, 500, 'cheap');
    expect(await costly.recordUsage('c', 'B', 0, 1, 'cheap')).toMatchObject({
      isWithinBudget: false,
      exceeded: { limit: 'MaxCostPerCrew', maximum: 0.001 },
      denialReason: "The crew's estimated cost is 0.0010 US dollars, over TokenBudget:MaxCostPerCrew (0.001).",
    });
  });

  it('treats 0 as unlimited', async () => {
    const tracker = new TokenBudgetTracker(limits({ MaxTokensPerAgent: 0, MaxTokensPerCrew: 0, MaxCostPerCrew: 0 }));
    const result = await tracker.recordUsage('c', 'A', 50_000_000, 50_000_000, 'a-model-nobody-prices');
    expect(result.isWithinBudget).toBe(true);
    expect(result.crewUsage.estimatedCost).toBe(900);
  });

  it('checkBudget answers without counting', async () => {
    const tracker = new TokenBudgetTracker(limits({ MaxTokensPerAgent: 10 }));
    await tracker.recordUsage('c', 'A', 11, 0, 'm');
    expect(await tracker.checkBudget('c', 'A')).toMatchObject({ isWithinBudget: false, agentUsage: { callCount: 1 } });
    expect(await tracker.checkBudget('c', 'B')).toMatchObject({ isWithinBudget: true, agentUsage: { callCount: 0 } });
    expect((await tracker.getReport('c')).total.callCount).toBe(1);
  });

  it('refuses an empty crew id or role and token counts that are not whole numbers of 0 or more', async () => {
    const tracker = new TokenBudgetTracker(limits());
    await expect(tracker.recordUsage('', 'A', 1, 1, 'm')).rejects.toThrow(RateLimitingArgumentError);
    await expect(tracker.recordUsage('c', ' ', 1, 1, 'm')).rejects.toThrow('agent role is empty');
    await expect(tracker.recordUsage('c', 'A', -1, 1, 'm')).rejects.toThrow(
      'promptTokens is -1, not a whole number of 0 or more',
    );
    await expect(tracker.recordUsage('c', 'A', 1, 1.5, 'm')).rejects.toThrow('completionTokens is 1.5');
    await expect(tracker.recordUsage('c', 'A', Number.NaN, 1, 'm')).rejects.toMatchObject({
      code: 'RATE_LIMITING_ARGUMENT_INVALID',
    });
    await expect(tracker.getReport('')).rejects.toThrow('crew id is empty');
    expect((await tracker.getReport('c')).total.callCount).toBe(0);
  });
});
