import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  Configuration,
  coreSettingsSections,
  createRuntime,
  defineCrew,
  type RunEvent,
  ServiceCollection,
} from '@orkeon/core';
import { captureLogger, type ScriptedModelServer, startScriptedModelServer, toolResultText } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSvcEventHub, eventHubSettings } from '../src/index.js';

// A request that waits is ended two ways, told apart: by its own time-out (EVENT_HUB_SEND_TIMED_OUT,
// a failed tool call the agent reads) and by the crew's budget running out while it waits
// (CREW_BUDGET_EXHAUSTED, which stops the run).

let server: ScriptedModelServer;
beforeEach(async () => {
  server = await startScriptedModelServer();
});
afterEach(async () => {
  await server.close();
});

async function hubRuntime() {
  const configuration = Configuration.fromObject({}, [...coreSettingsSections, eventHubSettings]);
  const services = new ServiceCollection();
  addSvcEventHub(services, configuration);
  const provider = createOpenAICompatible({ name: 'openai', baseURL: server.openAiBaseUrl });
  return createRuntime({
    services,
    configuration,
    logger: captureLogger({ level: 'error' }).logger,
    model: { provider: 'openai', modelId: 'scripted', model: provider.chatModel('scripted'), supportsStreaming: true },
  });
}

const asking = (budget?: { wallTime: number }) =>
  defineCrew({
    name: 'planner',
    ...(budget === undefined ? {} : { budget }),
    agents: [{ id: 'planner', role: 'Planner', goal: 'Ask the estimator', tools: ['send_request'] }],
    tasks: [{ id: 'ask', description: 'Ask for an estimate', expectedOutput: 'The estimate', agent: 'planner' }],
  });

const ask = (timeoutMs: number) => ({
  toolCalls: [
    {
      name: 'send_request',
      arguments: { target_mailbox: 'crew://estimator', payload: { q: 'days?' }, timeout_ms: timeoutMs },
    },
  ],
});

describe('send_request ended by its time-out or by the crew budget', () => {
  it('a time-out is a failed call the agent reads, and the run goes on', async () => {
    await using runtime = await hubRuntime();
    server.enqueue(ask(50), { text: 'Nobody answered.' });
    const result = await runtime.run(asking());
    expect(result.success).toBe(true);
    const answers = ((server.requests.at(-1)?.body?.messages ?? []) as { role: string; content: unknown }[])
      .filter((message) => message.role === 'tool')
      .map((message) => toolResultText(String(message.content)));
    expect(answers[0]).toContain('No reply to the request');
    expect(answers[0]).toContain('within 50 ms');
  });

  it('an exhausted budget while waiting stops the run with the budget error, not the time-out', async () => {
    await using runtime = await hubRuntime();
    server.enqueue(ask(60_000), { text: 'unreachable' });
    const events: RunEvent[] = [];
    const started = Date.now();
    const result = await runtime.run(asking({ wallTime: 0.3 }), { onEvent: (event) => void events.push(event) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.success).toBe(false);
    expect(events.find((event) => event.kind === 'budget.exhausted')).toMatchObject({ dimension: 'wallTime' });
    const codes = events.flatMap((event) => (event.kind === 'error' ? [event.code] : []));
    expect(codes).toContain('CREW_BUDGET_EXHAUSTED');
    expect(codes).not.toContain('EVENT_HUB_SEND_TIMED_OUT');
    // The model was not called again: the run stopped while the request waited.
    expect(server.requests).toHaveLength(1);
  });
});
