import { trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { CrewLinkRegistry, EventHubError, type EventHubStage } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAclStage,
  createIdempotencyStage,
  createLoggingStage,
  createTelemetryStage,
  createValidationStage,
  EventSchemaRegistry,
  InMemoryEventHub,
} from '../src/index.js';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return EventHubError.isInstance(error) ? error.code : `not an EventHubError: ${String(error)}`;
  }
  return undefined;
}

const short = { milliseconds: 20 };

function recordingStage(name: string, calls: string[]): EventHubStage {
  return {
    name,
    async onPublish(message, next, context) {
      calls.push(`${name}:publish:${context.pattern}`);
      await next({ ...message, metadata: { ...message.metadata, path: `${message.metadata.path ?? ''}>${name}` } });
    },
    async onReceive(message, next, context) {
      calls.push(`${name}:receive:${context.pattern}`);
      await next({ ...message, metadata: { ...message.metadata, path: `${message.metadata.path ?? ''}<${name}` } });
    },
  };
}

describe('stage order', () => {
  it('runs stages in registration order on publish and in reverse on receive, each seeing the previous change', async () => {
    const calls: string[] = [];
    const hub = new InMemoryEventHub({ stages: ['one', 'two', 'three'].map((name) => recordingStage(name, calls)) });
    await hub.connect({ crewId: 'a' }).post('crew://b', 'x');
    const received = await hub.connect({ crewId: 'b' }).receive(undefined, short);
    expect(calls).toEqual([
      'one:publish:post',
      'two:publish:post',
      'three:publish:post',
      'three:receive:post',
      'two:receive:post',
      'one:receive:post',
    ]);
    expect(received?.metadata.path).toBe('>one>two>three<three<two<one');
  });

  it('a stage that throws on publish stops the message; on receive it drops it for that reader only', async () => {
    const refusing: EventHubStage = {
      name: 'refuse',
      async onPublish(message, next) {
        if (message.payload === 'bad') throw new Error('refused on publish');
        await next(message);
      },
      async onReceive(message, next) {
        if (message.payload === 'hidden') throw new Error('refused on receive');
        await next(message);
      },
    };
    const logs = captureLogger();
    const hub = new InMemoryEventHub({ stages: [refusing], logger: logs.logger });
    const sender = hub.connect({ crewId: 'a' });
    const reader = hub.connect({ crewId: 'b' });
    await expect(sender.post('crew://b', 'bad')).rejects.toThrow('refused on publish');
    await sender.post('crew://b', 'hidden');
    await sender.post('crew://b', 'shown');
    expect((await reader.receive(undefined, short))?.payload).toBe('shown');
    expect(logs.text()).toContain('refused on receive');
  });

  it('a stage refusing the hub’s _system.wait_timed_out notice leaves the wait a plain time-out', async () => {
    const refuseNotices: EventHubStage = {
      name: 'refuse-notices',
      async onPublish(message, next) {
        if (message.sourceCrewId === 'system') throw new Error('no notices');
        await next(message);
      },
      onReceive: (message, next) => next(message),
    };
    const hub = new InMemoryEventHub({ stages: [refuseNotices] });
    expect(await hub.connect({ crewId: 'b' }).waitFor({ topic: 't' }, { milliseconds: 5 })).toBeUndefined();
  });
});

describe('ACL stage (links:)', () => {
  const links = new CrewLinkRegistry();
  links.register('billing', [
    { to: 'shipping', direction: 'outbound', allowedTopics: [] },
    { to: 'audit', direction: 'inbound', allowedTopics: [] },
    { to: 'sales', direction: 'bidirectional', allowedTopics: ['orders.paid'] },
    { to: 'client:dashboard', direction: 'outbound', allowedTopics: ['direct'] },
  ]);
  const permissive = new InMemoryEventHub({ stages: [createAclStage(links)] });
  const restrictive = new InMemoryEventHub({ stages: [createAclStage(links, 'restrictive')] });
  const billing = permissive.connect({ crewId: 'billing' });

  it('lets an untargeted publish pass, even from a crew with links', async () => {
    expect(await codeOf(billing.publish('anything', 1))).toBeUndefined();
    expect(await codeOf(billing.post('topic://jobs', 1))).toBeUndefined();
    expect(await codeOf(restrictive.connect({ crewId: 'loner' }).publish('anything', 1))).toBeUndefined();
  });

  it('lets a crew without links message anyone, unless the policy is restrictive', async () => {
    expect(await codeOf(permissive.connect({ crewId: 'loner' }).post('crew://billing', 1))).toBeUndefined();
    expect(
      await codeOf(permissive.connect({ crewId: 'loner' }).publish('t', 1, { targetCrewId: 'billing' })),
    ).toBeUndefined();
    expect(await codeOf(restrictive.connect({ crewId: 'loner' }).post('crew://billing', 1))).toBe(
      'EVENT_HUB_ACL_DENIED',
    );
    expect(await codeOf(restrictive.connect({ crewId: 'loner' }).publish('t', 1, { targetCrewId: 'x' }))).toBe(
      'EVENT_HUB_ACL_DENIED',
    );
    // A crew talking to itself is not crossing a link.
    expect(await codeOf(restrictive.connect({ crewId: 'loner' }).post('crew://loner', 1))).toBeUndefined();
  });

  it('holds a crew with links to them: an outbound link lets it send, any topic when allowed_topics is empty', async () => {
    expect(await codeOf(billing.post('crew://shipping', 1))).toBeUndefined();
    expect(await codeOf(billing.publish('anything', 1, { targetCrewId: 'shipping' }))).toBeUndefined();
    expect(await codeOf(billing.send('agent://shipping/x', 1, { timeoutMs: 5 }))).toBe('EVENT_HUB_SEND_TIMED_OUT');
  });

  it('refuses a peer the crew has no link to, naming it', async () => {
    await expect(billing.post('crew://legal', 1)).rejects.toThrow(/no link to 'legal'/);
    expect(await codeOf(billing.publish('t', 1, { targetCrewId: 'legal' }))).toBe('EVENT_HUB_ACL_DENIED');
    expect(await codeOf(billing.send('crew://legal', 1, { timeoutMs: 50 }))).toBe('EVENT_HUB_ACL_DENIED');
  });

  it('refuses sending over an inbound link (only the peer may send)', async () => {
    await expect(billing.post('crew://audit', 1)).rejects.toThrow(/inbound only/);
    expect(await codeOf(billing.publish('t', 1, { targetCrewId: 'audit' }))).toBe('EVENT_HUB_ACL_DENIED');
    // The peer, which declares no links, may send to billing.
    expect(await codeOf(permissive.connect({ crewId: 'audit' }).post('crew://billing', 1))).toBeUndefined();
  });

  it('checks the topic on a bidirectional link, and the client: peers of client:// mailboxes', async () => {
    expect(await codeOf(billing.publish('orders.paid', 1, { targetCrewId: 'sales' }))).toBeUndefined();
    await expect(billing.publish('orders.new', 1, { targetCrewId: 'sales' })).rejects.toThrow(
      /only the topics orders\.paid/,
    );
    expect(await codeOf(billing.post('crew://sales', 1, { topic: 'orders.paid' }))).toBeUndefined();
    expect(await codeOf(billing.post('crew://sales', 1))).toBe('EVENT_HUB_ACL_DENIED');
    expect(await codeOf(billing.post('client://dashboard', 1))).toBeUndefined();
    expect(await codeOf(billing.post('client://other', 1))).toBe('EVENT_HUB_ACL_DENIED');
  });

  it('does not check replies, nor the hub’s own notices', async () => {
    const hub = new InMemoryEventHub({ stages: [createAclStage(links, 'restrictive')] });
    const asker = hub.connect({ crewId: 'billing' });
    // shipping declares no links: under the restrictive policy it may not post to billing, but it may reply.
    const shipping = hub.connect({ crewId: 'shipping' });
    expect(await codeOf(shipping.post('crew://billing', 1))).toBe('EVENT_HUB_ACL_DENIED');
    const answering = (async () => {
      const request = await shipping.receive(undefined, { milliseconds: 500 });
      await shipping.reply(request?.correlationId ?? '', 'shipped');
    })();
    const { reply } = await asker.send('crew://shipping', 'ship it', { timeoutMs: 500 });
    await answering;
    expect(reply.payload).toBe('shipped');
    // The hub's _system.wait_timed_out notice (from crew system) is not refused either.
    expect(await shipping.waitFor({ topic: 'x' }, { milliseconds: 5 })).toBeUndefined();
  });
});

describe('idempotency stage', () => {
  it('drops a repeated point-to-point id without telling the sender, and lets publications pass', async () => {
    const hub = new InMemoryEventHub({ stages: [createIdempotencyStage()] });
    const sender = hub.connect({ crewId: 'a' });
    const reader = hub.connect({ crewId: 'b' });
    await sender.post('crew://b', 'first', { messageId: 'm-1' });
    await sender.post('crew://b', 'repeat', { messageId: 'm-1' });
    await sender.post('crew://b', 'second', { messageId: 'm-2' });
    // The same id from another crew is another message.
    await hub.connect({ crewId: 'c' }).post('crew://b', 'other crew', { messageId: 'm-1' });
    const payloads: unknown[] = [];
    for (
      let message = await reader.receive(undefined, short);
      message;
      message = await reader.receive(undefined, short)
    )
      payloads.push(message.payload);
    expect(payloads).toEqual(['first', 'second', 'other crew']);
  });

  it('remembers at most its capacity of ids, the oldest forgotten first', async () => {
    const hub = new InMemoryEventHub({ stages: [createIdempotencyStage(2)] });
    const sender = hub.connect({ crewId: 'a' });
    for (const id of ['1', '2', '3', '1']) await sender.post('crew://b', id, { messageId: id });
    const payloads: unknown[] = [];
    const reader = hub.connect({ crewId: 'b' });
    for (
      let message = await reader.receive(undefined, short);
      message;
      message = await reader.receive(undefined, short)
    )
      payloads.push(message.payload);
    expect(payloads).toEqual(['1', '2', '3', '1']);
    expect(() => createIdempotencyStage(0)).toThrow(RangeError);
  });
});

describe('validation stage', () => {
  it('refuses an unregistered schemaId and passes a registered one or none', async () => {
    const registry = new EventSchemaRegistry().register('orders/v1', { type: 'object' });
    const hub = new InMemoryEventHub({ stages: [createValidationStage(registry)] });
    const client = hub.connect({ crewId: 'a' });
    expect(await codeOf(client.publish('orders', {}, { schemaId: 'orders/v1' }))).toBeUndefined();
    expect(await codeOf(client.publish('orders', {}))).toBeUndefined();
    await expect(client.publish('orders', {}, { schemaId: 'orders/v2' })).rejects.toThrow(
      /'orders\/v2'.*registered: orders\/v1/,
    );
    expect(await codeOf(client.post('crew://b', {}, { schemaId: 'nope' }))).toBe('EVENT_HUB_SCHEMA_UNREGISTERED');
  });
});

describe('observability stages', () => {
  const spans = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
  beforeAll(() => {
    trace.setGlobalTracerProvider(provider);
  });
  afterAll(async () => {
    trace.disable();
    await provider.shutdown();
  });

  it('logs each message and opens a span per path with the crew, topic and pattern attributes', async () => {
    const logs = captureLogger();
    const hub = new InMemoryEventHub({ stages: [createLoggingStage(logs.logger), createTelemetryStage()] });
    await hub.connect({ crewId: 'a' }).post('crew://b', 1, { topic: 'orders' });
    await hub.connect({ crewId: 'b' }).receive(undefined, short);
    await hub.connect({ crewId: 'a' }).publish('news', 2);
    const finished = spans.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes }));
    expect(finished).toEqual([
      {
        name: 'event_hub.publish',
        attributes: { 'crew.source': 'a', 'crew.target': 'b', 'event.topic': 'orders', 'event.pattern': 'post' },
      },
      {
        name: 'event_hub.receive',
        attributes: { 'crew.source': 'a', 'crew.target': 'b', 'event.topic': 'orders', 'event.pattern': 'post' },
      },
      {
        name: 'event_hub.publish',
        attributes: { 'crew.source': 'a', 'event.topic': 'news', 'event.pattern': 'publish' },
      },
    ]);
    const lines = logs.records().map((record) => (record as { msg: string }).msg);
    expect(lines).toEqual([
      "event hub publish: post 'orders' from a",
      "event hub receive: post 'orders' from a",
      "event hub publish: publish 'news' from a",
    ]);
  });

  it('marks the span failed and logs a warning when a later stage refuses', async () => {
    spans.reset();
    const logs = captureLogger();
    const hub = new InMemoryEventHub({
      stages: [
        createLoggingStage(logs.logger),
        createTelemetryStage(),
        createValidationStage(new EventSchemaRegistry()),
      ],
    });
    await expect(hub.connect({ crewId: 'a' }).publish('t', 1, { schemaId: 'x' })).rejects.toThrow();
    expect(spans.getFinishedSpans()[0]?.status.code).toBe(2);
    expect(logs.text()).toContain("event hub publish refused: publish 't'");
  });
});
