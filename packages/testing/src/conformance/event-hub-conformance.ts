// One suite on purpose: the hub's delivery rules run as one set against every adapter, so an adapter
// passes all of them or shows which one it breaks.
import { type EventHub, EventHubError, type HubMessage, waitTimedOutTopic } from '@orkeon/core';
import type { ConformanceTestApi } from './conformance-test-api.js';

/** What a test gives the hub it creates. */
export interface EventHubFixtureOptions {
  /** The clock the hub stamps messages with; absent: the real one. */
  readonly clock?: () => Date;
}

/** A hub under test, closed by the suite after each test when it can be. */
export type EventHubFixture = EventHub & { close?(): Promise<void> };

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    return EventHubError.isInstance(error) ? error.code : `not an EventHubError: ${String(error)}`;
  }
  return undefined;
}

/** Waits until `done` holds, looking every few milliseconds, for at most five seconds. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('waited five seconds for the hub to deliver');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const short = { milliseconds: 20 };
const soon = { milliseconds: 500 };

/**
 * The delivery rules of the event hub (reference brief §10.1), run against each adapter (in
 * memory, PostgreSQL) with exactly the same cases, without stages. `createHub` gives a new,
 * empty hub (for a shared server: its own schema); each test's hubs are closed afterwards.
 */
export function describeEventHubConformance(
  test: ConformanceTestApi,
  hubName: string,
  createHub: (options: EventHubFixtureOptions) => Promise<EventHubFixture>,
): void {
  const { describe, it, expect, afterEach } = test;
  describe(`${hubName} keeps the event hub's delivery rules`, () => {
    const opened: EventHubFixture[] = [];
    const open = async (options: EventHubFixtureOptions = {}) => {
      const hub = await createHub(options);
      opened.push(hub);
      return hub;
    };

    afterEach(async () => {
      for (const hub of opened.splice(0)) await hub.close?.();
    });

    it('stamps the source from the connection, and gives global messages to every crew and targeted ones to their crew only', async () => {
      const hub = await open();
      const billing = hub.connect({ crewId: 'billing' }).subscribe('orders');
      const shipping = hub.connect({ crewId: 'shipping' }).subscribe('orders');
      const sales = hub.connect({ crewId: 'sales', agentId: 'seller' });
      // A caller cannot pass its own source: the options have no such field, and extra keys are ignored.
      await sales.publish('orders', { n: 1 }, { sourceCrewId: 'billing' } as never);
      await sales.publish('orders', { n: 2 }, { targetCrewId: 'shipping' });
      await sales.publish('orders', { n: 3 });
      const first = (await billing.next()).value as HubMessage;
      expect(first).toMatchObject({ sourceCrewId: 'sales', sourceAgentId: 'seller', payload: { n: 1 } });
      expect(first.schemaId).toBe('application/json');
      expect(first.targetCrewId).toBeUndefined();
      expect(((await billing.next()).value as HubMessage).payload).toEqual({ n: 3 });
      const seen: unknown[] = [];
      for (let index = 0; index < 3; index++) seen.push(((await shipping.next()).value as HubMessage).payload);
      expect(seen).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      await billing.return();
      await shipping.return();
    });

    it('keeps FIFO order per subscriber and per mailbox, and a stopped subscription ends', async () => {
      const hub = await open();
      const sender = hub.connect({ crewId: 'a' });
      const reader = hub.connect({ crewId: 'b', agentId: 'r' });
      const subscription = reader.subscribe('t');
      for (let index = 0; index < 20; index++) {
        await sender.publish('t', index);
        await sender.post('agent://b/r', index);
      }
      const published: unknown[] = [];
      const posted: unknown[] = [];
      for (let index = 0; index < 20; index++) {
        published.push(((await subscription.next()).value as HubMessage).payload);
        posted.push((await reader.receive(undefined, short))?.payload);
      }
      const expected = Array.from({ length: 20 }, (_, index) => index);
      expect(published).toEqual(expected);
      expect(posted).toEqual(expected);
      const pending = subscription.next();
      await subscription.return();
      expect(await pending).toEqual({ value: undefined, done: true });
      await sender.publish('t', 'after');
      expect(await subscription.next()).toEqual({ value: undefined, done: true });
    });

    it("calls a listener with its crew's messages in publish order; a failing listener reports to onError and the others still hear; a stopped one hears nothing more", async () => {
      const hub = await open();
      const sales = hub.connect({ crewId: 'sales' });
      const billingHeard: unknown[] = [];
      const shippingHeard: unknown[] = [];
      const errors: string[] = [];
      const onError = (error: unknown) => errors.push(String(error));
      const stopBilling = hub.connect({ crewId: 'billing' }).on('orders', (message) => {
        billingHeard.push(message.payload);
      });
      const shipping = hub.connect({ crewId: 'shipping' });
      shipping.on(
        'orders',
        (message) => {
          if (message.payload === 2) throw new Error('listener broke');
          shippingHeard.push(message.payload);
        },
        { onError },
      );
      shipping.on(
        'orders',
        async (message) => {
          if (message.payload === 3) throw new Error('async listener broke');
        },
        { onError },
      );
      for (let n = 1; n <= 5; n++) await sales.publish('orders', n, n === 4 ? { targetCrewId: 'shipping' } : {});
      await until(() => billingHeard.length === 4 && shippingHeard.length === 4 && errors.length === 2);
      expect(billingHeard).toEqual([1, 2, 3, 5]);
      expect(shippingHeard).toEqual([1, 3, 4, 5]);
      expect(errors.sort()).toEqual(['Error: async listener broke', 'Error: listener broke']);
      stopBilling();
      stopBilling();
      await sales.publish('orders', 6);
      await until(() => shippingHeard.length === 5);
      expect(billingHeard).toEqual([1, 2, 3, 5]);
    });

    it('delivers a post to the addressed mailbox only; a receive on an empty mailbox times out with undefined', async () => {
      const hub = await open();
      const sender = hub.connect({ crewId: 'a' });
      const crew = hub.connect({ crewId: 'b' });
      const agent = hub.connect({ crewId: 'b', agentId: 'r' });
      const posted = await sender.post('crew://b', 'for the crew', { metadata: { kind: 'note' } });
      expect(posted).toMatchObject({
        targetCrewId: 'b',
        targetMailbox: 'crew://b',
        topic: 'direct',
        sourceCrewId: 'a',
      });
      expect(await agent.receive(undefined, short)).toBeUndefined();
      expect(await crew.receive(undefined, short)).toMatchObject({
        payload: 'for the crew',
        metadata: { kind: 'note' },
      });
      // The agent may also read its crew's mailbox, and topic:// mailboxes are anyone's.
      await sender.post('crew://b', 'again');
      expect((await agent.receive('crew://b', short))?.payload).toBe('again');
      await sender.post('topic://jobs', 'job');
      expect(await hub.connect({ crewId: 'z' }).receive('topic://jobs', short)).toMatchObject({ topic: 'jobs' });
    });

    it('wakes a waiting receiver when a message arrives', async () => {
      const hub = await open();
      const waiting = hub.connect({ crewId: 'b' }).receive(undefined, 'forever');
      await hub.connect({ crewId: 'a' }).post('crew://b', 'hello');
      expect((await waiting)?.payload).toBe('hello');
    });

    it("refuses to read another crew's or client's mailbox", async () => {
      const hub = await open();
      const spy = hub.connect({ crewId: 'spy' });
      expect(await codeOf(spy.receive('crew://billing', short))).toBe('EVENT_HUB_ACL_DENIED');
      expect(await codeOf(spy.receive('agent://billing/clerk', short))).toBe('EVENT_HUB_ACL_DENIED');
      expect(await codeOf(spy.receive('client://ui', short))).toBe('EVENT_HUB_ACL_DENIED');
      await spy.post('client://ui', 'hi');
      expect((await hub.connect({ crewId: 'client:ui' }).receive(undefined, short))?.payload).toBe('hi');
    });

    it('refuses _system. topics to publishers and bad addresses to posters', async () => {
      const client = (await open()).connect({ crewId: 'a' });
      expect(await codeOf(client.publish('_system.wait_timed_out', {}))).toBe('EVENT_HUB_TOPIC_RESERVED');
      expect(await codeOf(client.post('crew://b', 1, { topic: '_system.x' }))).toBe('EVENT_HUB_TOPIC_RESERVED');
      expect(await codeOf(client.post('b', 1))).toBe('EVENT_HUB_ADDRESS_INVALID');
      expect(await codeOf(client.send('mailto:b', 1, { timeoutMs: 10 }))).toBe('EVENT_HUB_ADDRESS_INVALID');
    });

    it('waits for a topic message matching metadata, and publishes _system.wait_timed_out from system when a finite wait runs out', async () => {
      const hub = await open();
      const waiter = hub.connect({ crewId: 'b' });
      const other = hub.connect({ crewId: 'c' });
      const publisher = hub.connect({ crewId: 'a' });
      const notices = waiter.subscribe(waitTimedOutTopic);
      const otherNotices = other.subscribe(waitTimedOutTopic);
      const matched = waiter.waitFor({ topic: 'build', metadataMatch: { status: 'done' } }, soon);
      await publisher.publish('build', 'started', { metadata: { status: 'started' } });
      await publisher.publish('build', 'finished', { metadata: { status: 'done' } });
      expect((await matched)?.payload).toBe('finished');

      const before = new Date().toISOString();
      expect(await waiter.waitFor({ topic: 'never' }, short)).toBeUndefined();
      const notice = (await notices.next()).value as HubMessage;
      expect(notice).toMatchObject({ topic: waitTimedOutTopic, sourceCrewId: 'system', targetCrewId: 'b' });
      expect(notice.metadata.original_topic).toBe('never');
      expect(notice.metadata.original_wait_id).toMatch(/^[0-9a-f-]{36}$/);
      expect((notice.metadata.original_started_at ?? '') >= before).toBe(true);
      // Only the crew whose wait ran out hears of it.
      const nothing = await Promise.race([
        otherNotices.next(),
        new Promise((resolve) => setTimeout(resolve, 20, 'none')),
      ]);
      expect(nothing).toBe('none');
      await notices.return();
      await otherNotices.return();
    });

    it('a forever wait waits; an invalid time-out is refused; an abort signal stops a wait', async () => {
      const hub = await open();
      const waiter = hub.connect({ crewId: 'b' });
      const forever = waiter.waitFor({ topic: 'late' }, 'forever');
      await new Promise((resolve) => setTimeout(resolve, 30));
      await hub.connect({ crewId: 'a' }).publish('late', 'here');
      expect((await forever)?.payload).toBe('here');
      for (const timeout of [
        { milliseconds: -1 },
        { milliseconds: Number.NaN },
        { milliseconds: Infinity },
        {} as never,
      ])
        expect(await codeOf(waiter.waitFor({ topic: 't' }, timeout))).toBe('EVENT_HUB_TIMEOUT_INVALID');
      expect(await codeOf(waiter.receive(undefined, { milliseconds: -5 }))).toBe('EVENT_HUB_TIMEOUT_INVALID');
      const controller = new AbortController();
      const stopped = waiter.receive(undefined, 'forever', { signal: controller.signal });
      controller.abort(new Error('stop'));
      await expect(stopped).rejects.toThrow('stop');
      // The aborted reader took nothing: the next message goes to the next reader.
      await hub.connect({ crewId: 'a' }).post('crew://b', 'kept');
      expect((await waiter.receive(undefined, short))?.payload).toBe('kept');
    });

    it('answers a send with the reply, and stamps the reply from the replier', async () => {
      const hub = await open();
      const asker = hub.connect({ crewId: 'a', agentId: 'asker' });
      const answerer = hub.connect({ crewId: 'b', agentId: 'calc' });
      const answering = (async () => {
        const request = await answerer.receive(undefined, soon);
        if (request?.correlationId === undefined) throw new Error('no request');
        await answerer.reply(request.correlationId, { sum: 3 });
        return request;
      })();
      const { correlationId, reply } = await asker.send('agent://b/calc', { add: [1, 2] }, { timeoutMs: 500 });
      const request = await answering;
      expect(request).toMatchObject({
        correlationId,
        sourceCrewId: 'a',
        sourceAgentId: 'asker',
        payload: { add: [1, 2] },
      });
      expect(reply).toMatchObject({
        correlationId,
        payload: { sum: 3 },
        sourceCrewId: 'b',
        sourceAgentId: 'calc',
        targetMailbox: 'agent://a/asker',
      });
      // Answered: the correlation id is closed.
      expect(await codeOf(answerer.reply(correlationId, 'again'))).toBe('EVENT_HUB_CORRELATION_UNKNOWN');
    });

    it('throws the time-out error for an unanswered send, refuses a late or unknown reply, and requires a finite time-out', async () => {
      const hub = await open();
      const asker = hub.connect({ crewId: 'a' });
      const answerer = hub.connect({ crewId: 'b' });
      expect(await codeOf(asker.send('crew://b', 'ping', { timeoutMs: 20 }))).toBe('EVENT_HUB_SEND_TIMED_OUT');
      const late = await answerer.receive(undefined, short);
      expect(late?.correlationId).toBeDefined();
      expect(await codeOf(answerer.reply(late?.correlationId ?? '', 'pong'))).toBe('EVENT_HUB_CORRELATION_UNKNOWN');
      expect(await codeOf(answerer.reply('no-such-id', 'pong'))).toBe('EVENT_HUB_CORRELATION_UNKNOWN');
      for (const timeoutMs of [0, -1, Infinity, Number.NaN, undefined])
        expect(await codeOf(asker.send('crew://b', 'x', { timeoutMs } as never))).toBe('EVENT_HUB_TIMEOUT_INVALID');
      expect(await codeOf(asker.waitFor({ correlationId: 'unknown' }, short))).toBe('EVENT_HUB_CORRELATION_UNKNOWN');
    });

    it('stops a send with its abort signal', async () => {
      const hub = await open();
      const controller = new AbortController();
      const sending = hub
        .connect({ crewId: 'a' })
        .send('crew://b', 'x', { timeoutMs: 5_000, signal: controller.signal });
      setTimeout(() => controller.abort(new Error('given up')), 5);
      await expect(sending).rejects.toThrow('given up');
    });

    it('retains last values per key and crew scope', async () => {
      const hub = await open({ clock: () => new Date('2026-01-02T03:04:05.000Z') });
      const sensor = hub.connect({ crewId: 'sensor' });
      const billing = hub.connect({ crewId: 'billing' });
      expect(await billing.getLastValue('temperature')).toBeUndefined();
      await sensor.publish('temperature', 20, { retainAsLastValue: true });
      await sensor.publish('temperature', 21, { retainAsLastValue: true });
      await sensor.publish('temperature', 99);
      await sensor.publish('readings', 'private', {
        retainAsLastValue: true,
        lastValueKey: 'latest',
        targetCrewId: 'billing',
      });
      expect(await billing.getLastValue('temperature')).toMatchObject({ value: 21, setAt: '2026-01-02T03:04:05.000Z' });
      expect(await billing.getLastValue('latest')).toBeUndefined();
      expect((await billing.getLastValue('latest', 'billing'))?.value).toBe('private');
      expect(await codeOf(sensor.getLastValue('latest', 'billing'))).toBe('EVENT_HUB_ACL_DENIED');
    });
  });
}
