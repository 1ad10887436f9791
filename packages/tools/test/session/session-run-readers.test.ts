import { describe, expect, it } from 'vitest';
import { createSessionCostTool, createSessionStatsTool, createTokenBudgetTool } from '../../src/index.js';
import { fixedRunView, pipelineIn } from './session-test-setup.js';

const models = [
  { model: 'gpt-4.1-mini', provider: 'openai', calls: 2, inputTokens: 1_000, outputTokens: 500, costUsd: 0.0012 },
  { model: 'local-llama', provider: 'ollama', calls: 1, inputTokens: 300, outputTokens: 40 },
];

const readers = async (run: ReturnType<typeof fixedRunView>) => {
  const invoke = await pipelineIn(
    [createSessionStatsTool(), createSessionCostTool(), createTokenBudgetTool()],
    () => run,
  );
  return async (tool: string) => JSON.parse((await invoke(tool, {})).output) as Record<string, unknown>;
};

describe('the run readers on a resumed run with a spent budget', () => {
  const run = fixedRunView(
    {
      modelCalls: 3,
      inputTokens: 1_300,
      outputTokens: 540,
      tokens: 2_840,
      costUsd: 0.0032,
      toolCalls: 7,
      wallTimeSeconds: 12.34567,
      models,
    },
    { limits: { tokens: 2_500, wallTime: 60 }, exhausted: { dimension: 'tokens', limit: 2_500, used: 2_840 } },
  );

  it('session_stats tells this run from the earlier runs the budget counts', async () => {
    expect(await (await readers(run))('session_stats')).toMatchObject({
      modelCalls: 3,
      inputTokens: 1_300,
      outputTokens: 540,
      tokens: 2_840,
      earlierRunsTokens: 1_000,
      toolCalls: 7,
      elapsedSeconds: 12.346,
    });
  });

  it('session_cost gives the priced part, names the unpriced model and the earlier cost', async () => {
    const cost = await (await readers(run))('session_cost');
    expect(cost).toMatchObject({ costUsd: 0.0032, earlierRunsCostUsd: 0.002, estimated: true });
    expect(cost.models).toEqual([
      expect.objectContaining({ model: 'gpt-4.1-mini', costUsd: 0.0012 }),
      expect.objectContaining({ model: 'local-llama', costUsd: null }),
    ]);
    expect(cost.note).toBe(
      'An estimate from list prices (discounts, caching and batch rates ignored). It leaves out local-llama (300 input, 40 output tokens): no price is known for them (tokens only); prices are added under Telemetry:Prices.',
    );
  });

  it('token_budget shows nothing left of a spent limit and says the run is stopping', async () => {
    expect(await (await readers(run))('token_budget')).toEqual({
      tokens: { limit: 2_500, used: 2_840, left: 0 },
      costUsd: { limit: null, used: 0.0032 },
      wallTime: { limit: 60, used: 12.346, left: 47.654 },
      toolCalls: { limit: null, used: 7 },
      exhausted: 'tokens',
      note: 'The tokens limit is spent: the run is stopping. Finish with what you have.',
    });
  });

  it('refuse arguments they do not take', async () => {
    const invoke = await pipelineIn([createSessionStatsTool()], () => run);
    const result = await invoke('session_stats', { detail: 'all' });
    expect(result.outcome).toBe('Failure');
    expect(result.output).toContain("unknown argument(s) 'detail'");
  });
});
