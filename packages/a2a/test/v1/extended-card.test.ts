import { Configuration, ServiceCollection } from '@orkeon/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  A2AExtendedCardService,
  A2AExtendedCardUnprotectedError,
  AgentDirectory,
  a2aSecuritySettings,
  a2aSettings,
  addSvcA2A,
  sharedAgentRegistrationStore,
} from '../../src/index.js';
import { startTestHost, type TestHost } from '../server/a2a-test-host.js';

let host: TestHost | undefined;
const bearer = { AllowedAuthSchemes: ['Bearer'], Bearer: { Tokens: ['t-123456'] } };

beforeEach(() => {
  sharedAgentRegistrationStore.clear();
  const directory = new AgentDirectory();
  for (const id of ['open', 'secret'])
    directory.register({
      id,
      name: id,
      description: `the ${id} skill`,
      tags: [],
      kind: 'local',
      handler: async () => id,
    });
});
afterEach(async () => {
  await host?.close();
  host = undefined;
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${host?.url}${path}`, { headers: { 'a2a-version': '1.0', ...headers } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function rpc(method: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${host?.url}/a2a/jsonrpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const skillsOf = (card: Record<string, unknown>) => (card.skills as { id: string }[]).map((skill) => skill.id);

describe('the extended agent card', () => {
  it('from settings: private skills only in it, served to authenticated callers over both HTTP bindings', async () => {
    host = await startTestHost({
      settings: { ExtendedCard: { Enabled: true, Description: 'For partners', PrivateSkills: ['secret'] } },
      security: bearer,
    });
    const card = await get('/.well-known/agent-card.json');
    expect(skillsOf(card.body)).toEqual(['open']);
    expect(card.body.capabilities).toMatchObject({ extendedAgentCard: true });

    expect((await get('/a2a/v1/extendedAgentCard')).status).toBe(401);
    const extended = await get('/a2a/v1/extendedAgentCard', { authorization: 'Bearer t-123456' });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ description: 'For partners', capabilities: { extendedAgentCard: true } });
    expect(skillsOf(extended.body)).toEqual(['open', 'secret']);
    const overRpc = await rpc('GetExtendedAgentCard', { authorization: 'Bearer t-123456' });
    expect(overRpc.body.result).toEqual(extended.body);
    expect((await rpc('GetExtendedAgentCard')).status).toBe(401);
  });

  it('from code: a registered A2AExtendedCardService makes it', async () => {
    host = await startTestHost({
      security: bearer,
      after: (services) =>
        services.addSingleton(A2AExtendedCardService, () => (card) => ({ ...card, name: 'Orkeon (partners)' })),
    });
    const extended = await get('/a2a/v1/extendedAgentCard', { authorization: 'Bearer t-123456' });
    expect(extended.body).toMatchObject({ name: 'Orkeon (partners)' });
    expect(skillsOf(extended.body)).toEqual(['open', 'secret']);
  });

  it('none declared: UnsupportedOperation; and a server that authenticates nobody refuses to start with one', async () => {
    host = await startTestHost();
    const card = await get('/.well-known/agent-card.json');
    expect(card.body.capabilities).toMatchObject({ extendedAgentCard: false });
    const refused = await rpc('GetExtendedAgentCard');
    expect(refused.body.error).toMatchObject({ code: -32004 });
    expect(() =>
      addSvcA2A(
        new ServiceCollection(),
        Configuration.fromObject({ A2A: { ExtendedCard: { Enabled: true } } }, [a2aSettings, a2aSecuritySettings]),
        { acknowledgeExperimental: true },
      ),
    ).toThrow(A2AExtendedCardUnprotectedError);
  });
});
