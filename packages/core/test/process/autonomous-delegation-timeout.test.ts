import { captureLogger, type ScriptedModelServer, startScriptedModelServer } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

const crew = defineCrew({
  name: 'studio',
  process: 'autonomous',
  manager: 'lead',
  agents: [
    { id: 'lead', role: 'Lead', goal: 'Assign the work' },
    { id: 'coder', role: 'Coder', goal: 'Write code', allowDelegation: true },
    { id: 'tester', role: 'Tester', goal: 'Test code' },
  ],
  tasks: [{ id: 'build', description: 'Build the feature.', expectedOutput: 'Code' }],
});

function runWith(options: { delegationTimeoutMilliseconds: number; signal?: AbortSignal }) {
  return runCrew(crew, {
    clientFor: scriptedClients(server).clientFor,
    logger: captureLogger().logger,
    ...options,
  });
}

describe('autonomous process: a delegate that runs out of time', () => {
  it('is cancelled at the time-out: its model request is aborted and the task fails saying so', async () => {
    // The delegate's answer would take a minute; the time-out is 300 ms.
    server.enqueue(
      { text: '{"agent":"coder"}' },
      { error: { status: 500 } },
      { text: 'LATE', delayMilliseconds: 60_000 },
    );
    const started = performance.now();
    const result = await runWith({ delegationTimeoutMilliseconds: 300 });

    expect(server.requests).toHaveLength(3);
    // The server sees the delegate's connection close (a moment later): no one waits for the minute-long answer.
    await vi.waitFor(() => expect(server.pendingAnswers).toBe(0), { timeout: 5_000 });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.success).toBe(false);
    expect(result.tasks[0]).toMatchObject({ id: 'build', status: 'Failed', error: { code: 'AGENT_CHANNEL_TIMEOUT' } });
    expect(result.tasks[0]?.error?.message).toContain(
      "Delegated to 'tester', which did not finish within 300 ms; its work was cancelled.",
    );
    expect(result.metadata).toMatchObject({ budget_delegation_depth: '1/4' });
  });

  it('the run’s stop cancels a delegate at work too', async () => {
    server.enqueue(
      { text: '{"agent":"coder"}' },
      { error: { status: 500 } },
      { text: 'LATE', delayMilliseconds: 60_000 },
    );
    const stop = new AbortController();
    const watcher = setInterval(() => {
      if (server.requests.length === 3 && server.pendingAnswers === 1) stop.abort();
    }, 10);
    try {
      const result = await runWith({ delegationTimeoutMilliseconds: 120_000, signal: stop.signal });
      await vi.waitFor(() => expect(server.pendingAnswers).toBe(0), { timeout: 5_000 });
      expect(result.interrupted).toBe(true);
      expect(result.tasks[0]?.status).toBe('Failed');
    } finally {
      clearInterval(watcher);
    }
  });

  it('a time-out that is not a positive number is refused', async () => {
    await expect(runWith({ delegationTimeoutMilliseconds: 0 })).rejects.toMatchObject({
      code: 'CREW_RUN_OPTIONS_INVALID',
    });
  });
});
