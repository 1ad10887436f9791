import { captureLogger } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A2AAgentDiscovery } from '../../src/client/index.js';
import { type FakeAgent, startFakeAgent } from './fake-agent.js';

const agents: FakeAgent[] = [];

beforeAll(async () => {
  agents.push(await startFakeAgent('alpha'), await startFakeAgent('beta'));
});

afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
});

describe('A2AAgentDiscovery', () => {
  it('discovers one card', async () => {
    const card = await new A2AAgentDiscovery().discover(agents[0]?.url ?? '');
    expect(card.name).toBe('alpha');
  });

  it('discovers several in parallel, skipping and reporting the failures', async () => {
    const logs = captureLogger();
    const discovery = new A2AAgentDiscovery({ logger: logs.logger, timeoutMs: 5_000 });
    const alpha = agents[0]?.url ?? '';
    const beta = agents[1]?.url ?? '';
    const result = await discovery.discoverMany([alpha, 'http://127.0.0.1:9', beta, `${alpha}/missing`]);
    expect(result.agents.map((agent) => [agent.url, agent.card.name])).toEqual([
      [alpha, 'alpha'],
      [beta, 'beta'],
    ]);
    expect(result.failures.map((failure) => [failure.url, failure.error.code, failure.error.status])).toEqual([
      ['http://127.0.0.1:9', 'A2A_CLIENT_NETWORK_FAILED', undefined],
      [`${alpha}/missing`, 'A2A_CLIENT_STATUS_UNSUCCESSFUL', 404],
    ]);
    expect(logs.text()).toContain('A2A agent discovery skipped an agent');
  });
});
