import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  A2AAgentDiscovery,
  AgentDirectory,
  registerDiscoveredAgents,
  routerInstanceId,
  sharedAgentRegistrationStore,
} from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';
import { startScriptProcess } from '../server/start-host-process.js';

const script = fileURLToPath(new URL('./v1-host-process.ts', import.meta.url));

let remote: ChildProcess | undefined;
let host: TestHost | undefined;

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
});
afterEach(async () => {
  await host?.close();
  host = undefined;
  remote?.kill('SIGKILL');
  remote = undefined;
});

/** Another A2A server in its own process (its skills: echo, slow, asker). */
async function startRemote(): Promise<string> {
  const started = await startScriptProcess(script, [':memory:']);
  remote = started.child;
  return started.url;
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('routing to a remote A2A v1.0 agent', () => {
  it('finds the peer by its v1.0 card, routes over v1.0, and relays its question to the caller', async () => {
    const peer = await startRemote();
    const discovered = await new A2AAgentDiscovery({ preferV1: true }).discoverMany([peer]);
    expect(discovered.agents[0]?.v1).toMatchObject({ protocolBinding: 'JSONRPC', url: `${peer}/a2a/jsonrpc` });
    registerDiscoveredAgents(new AgentDirectory(), discovered.agents);
    host = await startTestHost();

    // The seed dialect reaches the remote echo over v1.0.
    const seed = await post(`${host.url}/a2a/tasks/send`, { skillId: 'echo', input: 'hi' });
    expect(seed).toMatchObject({ status: 'Completed', output: 'echo: hi' });
    // The task carries this router's id to the remote one (the Guardian's delegation chain).
    expect(await post(`${host.url}/a2a/tasks/send`, { skillId: 'chain', input: 'who?' })).toMatchObject({
      status: 'Completed',
      output: `chain: ${routerInstanceId}`,
    });

    // A v1.0 caller of a routed skill whose remote agent asks: the question comes back here.
    const message = (text: string, extra: Record<string, unknown> = {}) => ({
      message: { messageId: randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...extra },
    });
    const asked = (await post(`${host.url}/a2a/v1/message:send`, message('trip', { metadata: { skillId: 'asker' } })))
      .task as { id: string; status: { state: string; message: { parts: { text: string }[] } } };
    expect(asked.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
    expect(asked.status.message.parts).toEqual([{ text: 'Which city?' }]);
    const done = (await post(`${host.url}/a2a/v1/message:send`, message('Vienna', { taskId: asked.id }))).task as {
      status: { state: string };
      artifacts: { parts: { text: string }[] }[];
    };
    expect(done.status.state).toBe('TASK_STATE_COMPLETED');
    expect(done.artifacts[0]?.parts).toEqual([{ text: 'off to Vienna' }]);

    // The seed dialect cannot ask: the routed task fails, saying what the remote agent asked.
    const cannot = await post(`${host.url}/a2a/tasks/send`, { skillId: 'asker', input: 'trip' });
    expect(cannot).toMatchObject({ status: 'Failed', error: expect.stringContaining('Which city?') });
  }, 60_000);
});
