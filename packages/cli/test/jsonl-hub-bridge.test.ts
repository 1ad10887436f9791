import { PassThrough } from 'node:stream';
import { CrewLinkRegistry, type RunEventBody } from '@orkeon/core';
import { createAclStage, InMemoryEventHub } from '@orkeon/event-hub';
import { afterEach, describe, expect, it } from 'vitest';
import { type JsonlHubBridge, jsonlHubBridge } from '../src/run/jsonl-hub-bridge.js';

// The bridge alone: lines in through a stream, events out through the run's emitter, over an in-memory hub.

const short = { milliseconds: 2_000 };
let bridge: JsonlHubBridge | undefined;
afterEach(async () => {
  await bridge?.close();
  bridge = undefined;
});

function open(hub: InMemoryEventHub, client = 'desk') {
  const input = new PassThrough();
  const events: RunEventBody[] = [];
  bridge = jsonlHubBridge({ client, input });
  bridge.connect(hub);
  const write = (...lines: unknown[]) => {
    for (const line of lines) input.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
  };
  const next = async (kind: string, count = 1): Promise<RunEventBody[]> => {
    for (let waited = 0; waited < 2_000; waited += 10) {
      const found = events.filter((event) => event.kind === kind);
      if (found.length >= count) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${count} ${kind} event(s) came; got ${JSON.stringify(events)}`);
  };
  return { events, write, next, start: () => bridge?.onEmitter((event) => events.push(event)) };
}

describe('the event hub bridge of --events jsonl', () => {
  it('acts on lines only once a run is open, and writes its mailbox as hub.message events', async () => {
    const hub = new InMemoryEventHub();
    const shop = hub.connect({ crewId: 'shop', agentId: 'clerk' });
    const desk = open(hub);
    desk.write({ kind: 'post', to: 'crew://shop', payload: { n: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await shop.receive('crew://shop', { milliseconds: 10 })).toBeUndefined();
    desk.start();
    expect((await shop.receive('crew://shop', short))?.payload).toEqual({ n: 1 });
    await shop.post('client://desk', 'hello', { metadata: { k: 'v' } });
    const [message] = await desk.next('hub.message');
    expect(message).toMatchObject({
      from: 'agent://shop/clerk',
      topic: 'direct',
      payload: 'hello',
      metadata: { k: 'v' },
    });
    expect(message).not.toHaveProperty('correlationId');
  });

  it('answers a send with a correlated hub.message, and a crew request through a reply line', async () => {
    const hub = new InMemoryEventHub();
    const shop = hub.connect({ crewId: 'shop' });
    const desk = open(hub);
    desk.start();
    desk.write({ kind: 'send', to: 'crew://shop', payload: 'eta?', correlationId: 'mine-1' });
    const request = await shop.receive(undefined, short);
    await shop.reply(request?.correlationId ?? '', '2h');
    const [answer] = await desk.next('hub.message');
    expect(answer).toMatchObject({ from: 'crew://shop', payload: '2h', reply: true, correlationId: 'mine-1' });

    const asked = shop.send('client://desk', { q: 'ok?' }, { timeoutMs: 2_000 });
    const [, incoming] = await desk.next('hub.message', 2);
    expect(incoming).toMatchObject({ from: 'crew://shop', payload: { q: 'ok?' } });
    expect(incoming?.correlationId).toBeTypeOf('string');
    desk.write({ kind: 'reply', correlationId: incoming?.correlationId, payload: 'yes' });
    expect((await asked).reply.payload).toBe('yes');
  });

  it('subscribes, unsubscribes, and publishes with a retained value', async () => {
    const hub = new InMemoryEventHub();
    const shop = hub.connect({ crewId: 'shop' });
    const desk = open(hub);
    desk.start();
    desk.write({ kind: 'subscribe', topic: 'news' }, { kind: 'publish', topic: 'prices', payload: 3, retainAs: 'p' });
    for (let tries = 0; (await shop.getLastValue('p')) === undefined && tries < 100; tries++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await shop.getLastValue('p'))?.value).toBe(3);
    await shop.publish('news', 'first');
    await desk.next('hub.message');
    desk.write({ kind: 'unsubscribe', topic: 'news' }, { kind: 'post', to: 'client://desk', payload: 'marker' });
    await desk.next('hub.message', 2);
    await shop.publish('news', 'second');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(desk.events.map((event) => (event as { payload?: unknown }).payload)).toEqual(['first', 'marker']);
  });

  it('turns a refused or ill-formed hub line into a recoverable error event, and ignores other lines', async () => {
    const links = new CrewLinkRegistry();
    links.register('shop', [{ to: 'elsewhere', direction: 'outbound', allowedTopics: [] }]);
    const desk = open(new InMemoryEventHub({ stages: [createAclStage(links)] }));
    desk.start();
    desk.write(
      'not json',
      { kind: 'input.given', value: 'x' },
      { kind: 'dance' },
      { kind: 'post', to: 'nowhere', payload: 1 },
      { kind: 'post', to: 'crew://shop', payload: 1 },
      { kind: 'reply', correlationId: 'c-9', payload: 1 },
      { kind: 'publish', payload: 1 },
      { kind: 'send', to: 'crew://loner', payload: 1, timeoutMs: 20, correlationId: 'late' },
    );
    const errors = await desk.next('error', 5);
    expect(errors.map((event) => [(event as { code: string }).code, event.correlationId])).toEqual([
      ['EVENT_HUB_ADDRESS_INVALID', undefined],
      ['EVENT_HUB_ACL_DENIED', undefined],
      ['EVENT_HUB_CORRELATION_UNKNOWN', 'c-9'],
      ['CLI_USAGE_INVALID', undefined],
      ['EVENT_HUB_SEND_TIMED_OUT', 'late'],
    ]);
    expect(errors[1]).toMatchObject({ recoverable: true });
    expect((errors[1] as { message: string }).message).toContain("'- to: client:desk, direction: inbound'");
    expect((errors[3] as { message: string }).message).toContain('topic');
  });

  it('holds events between runs and stops its waits on close', async () => {
    const hub = new InMemoryEventHub();
    const shop = hub.connect({ crewId: 'shop' });
    const desk = open(hub);
    desk.start();
    bridge?.onEmitter(undefined);
    await shop.post('client://desk', 'while closed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(desk.events).toEqual([]);
    desk.start();
    await desk.next('hub.message');
    await bridge?.close();
    bridge = undefined;
    await shop.post('client://desk', 'after close');
    // Nobody takes it any more: it stays in the mailbox.
    expect((await hub.connect({ crewId: 'client:desk' }).receive(undefined, short))?.payload).toBe('after close');
  });
});
