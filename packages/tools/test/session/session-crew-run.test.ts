import { defineCrew, type RunEvent } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { eventLog, sessionRuntime, toolResultsSent, toolsOffered, useScriptedServer } from './session-test-setup.js';

const context = useScriptedServer();

const sessionTools = ['session_store', 'session_snip', 'session_stats', 'session_cost', 'token_budget'];

const oneTask = (budget?: Record<string, number>) =>
  defineCrew({
    name: 'counted',
    ...(budget === undefined ? {} : { budget }),
    agents: [{ id: 'w', role: 'Writer', goal: 'Write', tools: sessionTools }],
    tasks: [{ id: 'only', description: 'Report on the run', expectedOutput: 'text', agent: 'w' }],
  });

const usage = (inputTokens: number, outputTokens: number) => ({ inputTokens, outputTokens });
const call = (name: string, input: Record<string, unknown> = {}) => ({ toolCalls: [{ name, arguments: input }] });
const parsed = (text: string | undefined): Record<string, unknown> => JSON.parse(text ?? 'null');
const ofKind = <Kind extends RunEvent['kind']>(events: RunEvent[], kind: Kind) =>
  events.filter((event): event is Extract<RunEvent, { kind: Kind }> => event.kind === kind);

const prices = {
  Telemetry: { Prices: { 'scripted-model': { InputPerMillionTokens: 1_000, OutputPerMillionTokens: 2_000 } } },
};

describe('the session tools in a real crew run', () => {
  it('session_stats, session_cost and token_budget report what the run events report', async () => {
    context.server.enqueue(
      { ...call('session_stats'), usage: usage(100, 20) },
      { ...call('session_cost'), usage: usage(150, 30) },
      { ...call('token_budget'), usage: usage(40, 10) },
      { text: 'done', usage: usage(200, 10) },
    );
    await using runtime = await sessionRuntime(context.server, prices);
    const log = eventLog();
    const result = await runtime.run(oneTask({ tokens: 10_000, toolCalls: 20 }), { onEvent: log.onEvent });
    expect(result.success).toBe(true);
    expect(toolsOffered(context.server, 0).sort()).toEqual([...sessionTools].sort());

    const [stats, cost, budget] = toolResultsSent(context.server).map(parsed);
    const costs = ofKind(log.events, 'cost.updated');
    const calls = ofKind(log.events, 'tool.called');
    // Each tool read the run after the model call that asked for it: the cost.updated just before.
    expect(stats).toMatchObject({
      crew: 'counted',
      modelCalls: 1,
      inputTokens: 100,
      outputTokens: 20,
      tokens: costs[0]?.tokens,
      toolCalls: 1,
      models: [{ model: 'scripted-model', provider: 'openai', calls: 1, inputTokens: 100, outputTokens: 20 }],
    });
    expect(stats?.elapsedSeconds).toBeGreaterThan(0);
    expect(cost?.costUsd).toBeCloseTo(costs[1]?.costUsd ?? Number.NaN, 6);
    expect(cost?.costUsd).toBeCloseTo((250 * 1_000 + 50 * 2_000) / 1_000_000, 6);
    expect(cost).toMatchObject({ estimated: true, models: [{ model: 'scripted-model', calls: 2 }] });
    expect(String(cost?.note)).toMatch(/estimate/i);
    expect(budget).toMatchObject({
      tokens: { limit: 10_000, used: costs[2]?.tokens, left: 10_000 - (costs[2]?.tokens ?? 0) },
      toolCalls: { limit: 20, used: 3, left: 17 },
      costUsd: { limit: null },
      wallTime: { limit: null },
    });
    expect(calls).toHaveLength(3);
    const finished = log.events.at(-1);
    expect(finished).toMatchObject({ kind: 'run.finished', tokens: 100 + 20 + 150 + 30 + 40 + 10 + 200 + 10 });
  });

  it('session_cost says the cost is unknown, tokens only, when the model has no price', async () => {
    context.server.enqueue({ ...call('session_cost'), usage: usage(70, 5) }, { text: 'done', usage: usage(1, 1) });
    await using runtime = await sessionRuntime(context.server);
    const log = eventLog();
    await runtime.run(oneTask(), { onEvent: log.onEvent });
    const [cost] = toolResultsSent(context.server).map(parsed);
    expect(cost).toMatchObject({
      costUsd: null,
      models: [{ model: 'scripted-model', inputTokens: 70, outputTokens: 5, costUsd: null }],
    });
    expect(cost?.note).toBe(
      'No price is known for scripted-model (70 input, 5 output tokens), so the cost cannot be given: tokens only. Prices are added under Telemetry:Prices.',
    );
    expect(ofKind(log.events, 'cost.updated')[0]?.costUsd).toBeUndefined();
  });

  it('token_budget of a run without a budget says nothing is bounded', async () => {
    context.server.enqueue({ ...call('token_budget'), usage: usage(10, 10) }, { text: 'done' });
    await using runtime = await sessionRuntime(context.server);
    await runtime.run(oneTask());
    const [budget] = toolResultsSent(context.server).map(parsed);
    expect(budget).toMatchObject({
      tokens: { limit: null, used: 20 },
      toolCalls: { limit: null, used: 1 },
      note: 'This run has no budget: nothing is bounded (limit null).',
    });
  });

  it('the store and the snips are shared by the agents of one run and not seen by the next run', async () => {
    const crew = defineCrew({
      name: 'relay',
      agents: [
        { id: 'a', role: 'Researcher', goal: 'Find', tools: ['session_store', 'session_snip'] },
        { id: 'b', role: 'Writer', goal: 'Write', tools: ['session_store', 'session_snip'] },
      ],
      tasks: [
        { id: 'find', description: 'Find', expectedOutput: 'text', agent: 'a' },
        { id: 'write', description: 'Write', expectedOutput: 'text', agent: 'b', dependencies: ['find'] },
      ],
    });
    context.server.enqueue(
      call('session_store', { action: 'set', key: 'topic', value: 'octopus hearts' }),
      call('session_snip', { action: 'keep', name: 'fact', text: 'Octopuses have three hearts.', source: 'notes' }),
      { text: 'found' },
      call('session_store', { action: 'get', key: 'topic' }),
      call('session_snip', { action: 'list' }),
      { text: 'written' },
    );
    await using runtime = await sessionRuntime(context.server);
    expect((await runtime.run(crew)).success).toBe(true);
    const sent = toolResultsSent(context.server);
    expect(sent.at(-2)).toBe('octopus hearts');
    expect(sent.at(-1)).toBe(
      '1 of 50 snips:\n- fact: 28 characters, from notes, kept by Researcher: "Octopuses have three hearts."',
    );

    context.server.enqueue(call('session_store', { action: 'get', key: 'topic' }), { text: 'nothing' }, { text: 'x' });
    await runtime.run(crew);
    expect(toolResultsSent(context.server).at(-1)).toBe("Error: Nothing is stored under 'topic'. The store is empty.");
  });

  it('outside a run the tools say so instead of inventing numbers', async () => {
    await using runtime = await sessionRuntime(context.server);
    for (const tool of ['session_stats', 'session_cost', 'token_budget']) {
      const result = await runtime.pipeline.invoke({ tool, input: {}, caller: { kind: 'script' } });
      expect(result.outcome).toBe('Failure');
      expect(result.output).toBe(
        `Error: ${tool} works only inside an agent or crew run, and this call came from outside one (an MCP client, a script or code calling the tool itself), so there is no run to read. Call it from an agent of a run.`,
      );
    }
    const store = await runtime.pipeline.invoke({
      tool: 'session_store',
      input: { action: 'list' },
      caller: { kind: 'script' },
    });
    expect(store.output).toMatch(/^Error: session_store works only inside/);
  });
});
