import { CrewLinkRegistry, EventHubError } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { createAclStage, InMemoryEventHub } from '../src/index.js';

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (EventHubError.isInstance(error) && error.code === 'EVENT_HUB_ACL_DENIED') return error.message;
    throw error;
  }
  return undefined;
}

describe('the links ACL for outside clients (client:<name>)', () => {
  const links = new CrewLinkRegistry();
  links.register('shop', [{ to: 'client:dash', direction: 'inbound', allowedTopics: [] }]);
  links.register('both', [{ to: 'client:dash', direction: 'bidirectional', allowedTopics: ['orders'] }]);
  links.register('talker', [{ to: 'client:dash', direction: 'outbound', allowedTopics: [] }]);
  links.register('other', [{ to: 'shop', direction: 'outbound', allowedTopics: [] }]);
  const permissive = new InMemoryEventHub({ stages: [createAclStage(links)] });
  const restrictive = new InMemoryEventHub({ stages: [createAclStage(links, 'restrictive')] });
  const dash = permissive.connect({ crewId: 'client:dash' });
  const strictDash = restrictive.connect({ crewId: 'client:dash' });

  it('lets a client send to a crew whose inbound or bidirectional link names it', async () => {
    expect(await refusal(dash.post('crew://shop', 1))).toBeUndefined();
    expect(await refusal(strictDash.post('agent://shop/clerk', 1))).toBeUndefined();
    expect(await refusal(dash.publish('orders', 1, { targetCrewId: 'both' }))).toBeUndefined();
    expect(await refusal(strictDash.post('crew://both', 1, { topic: 'orders' }))).toBeUndefined();
  });

  it('refuses a client when the crew links it outbound only', async () => {
    const message = await refusal(dash.post('crew://talker', 1));
    expect(message).toContain("client 'client:dash'");
    expect(message).toContain('outbound only');
  });

  it('refuses a client the crew does not link, naming the link to add', async () => {
    const message = await refusal(dash.post('crew://other', 1));
    expect(message).toContain("Add '- to: client:dash, direction: inbound' under the links: of crew 'other'");
    expect(await refusal(permissive.connect({ crewId: 'client:stranger' }).post('crew://shop', 1))).toContain(
      'client:stranger',
    );
  });

  it("holds a client to the link's allowed_topics", async () => {
    expect(await refusal(dash.post('crew://both', 1))).toContain('only the topics orders');
    expect(await refusal(dash.publish('refunds', 1, { targetCrewId: 'both' }))).toContain('only the topics orders');
  });

  it('leaves a crew without links to the policy', async () => {
    expect(await refusal(dash.post('crew://loner', 1))).toBeUndefined();
    expect(await refusal(strictDash.post('crew://loner', 1))).toContain("- to: client:dash, direction: inbound'");
    expect(await refusal(strictDash.publish('t', 1, { targetCrewId: 'loner' }))).toContain('restrictive');
  });

  it('lets clients message each other only under the permissive policy', async () => {
    expect(await refusal(dash.post('client://other', 1))).toBeUndefined();
    expect(await refusal(strictDash.post('client://other', 1))).toContain('clients may not message each other');
  });

  it('passes global publishes and topic mailboxes, and replies', async () => {
    expect(await refusal(strictDash.publish('news', 1))).toBeUndefined();
    expect(await refusal(strictDash.post('topic://news', 1))).toBeUndefined();
    const talker = restrictive.connect({ crewId: 'talker' });
    const asked = talker.send('client://dash', 'q?', { timeoutMs: 1_000 }).catch((error: unknown) => error);
    const request = await strictDash.receive(undefined, { milliseconds: 1_000 });
    expect(await refusal(strictDash.reply(request?.correlationId ?? '', 'a'))).toBeUndefined();
    expect(await asked).toMatchObject({ reply: { payload: 'a' } });
  });

  it("judges a crew writing to a client by the crew's own links", async () => {
    expect(await refusal(permissive.connect({ crewId: 'talker' }).post('client://dash', 1))).toBeUndefined();
    expect(await refusal(permissive.connect({ crewId: 'shop' }).post('client://dash', 1))).toContain('inbound only');
    expect(await refusal(permissive.connect({ crewId: 'other' }).post('client://dash', 1))).toContain(
      "name no link to 'client:dash'",
    );
  });
});
