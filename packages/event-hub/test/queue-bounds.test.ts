import { Configuration, coreSettingsSections, EventHubError, EventHubService, ServiceCollection } from '@orkeon/core';
import { describe, expect, it } from 'vitest';
import { addSvcEventHub, eventHubSettings, InMemoryEventHub } from '../src/index.js';

// Bounded queues: a full mailbox refuses the sender (nothing is dropped in silence), and a subscriber
// that falls too far behind is ended with an error after the messages it has.

async function failure(promise: Promise<unknown>): Promise<EventHubError> {
  try {
    await promise;
  } catch (error) {
    if (EventHubError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an EventHubError');
}

describe('the in-memory hub keeps its queues bounded', () => {
  it('refuses a post or request to a full mailbox, and takes them again once it is read', async () => {
    const hub = new InMemoryEventHub({ maxMailboxMessages: 2 });
    const sender = hub.connect({ crewId: 'a' });
    const reader = hub.connect({ crewId: 'b' });
    await sender.post('crew://b', 1);
    await sender.post('crew://b', 2);
    const full = await failure(sender.post('crew://b', 3));
    expect(full.code).toBe('EVENT_HUB_MAILBOX_FULL');
    expect(full.message).toContain("The mailbox 'crew://b' holds 2 unread messages");
    expect(full.message).toContain('Svc:EventHub:MaxMailboxMessages');
    expect((await failure(sender.send('crew://b', 4, { timeoutMs: 50 }))).code).toBe('EVENT_HUB_MAILBOX_FULL');
    expect((await reader.receive(undefined, { milliseconds: 10 }))?.payload).toBe(1);
    await sender.post('crew://b', 5);
    const left = [
      await reader.receive(undefined, { milliseconds: 10 }),
      await reader.receive(undefined, { milliseconds: 10 }),
    ];
    expect(left.map((message) => message?.payload)).toEqual([2, 5]);
    expect(await reader.receive(undefined, { milliseconds: 10 })).toBeUndefined();
  });

  it('ends a subscription that falls behind, after the messages it has, with the overflow error', async () => {
    const hub = new InMemoryEventHub({ maxSubscriberBacklog: 3 });
    const slow = hub.connect({ crewId: 'slow' }).subscribe('ticks');
    const fast = hub.connect({ crewId: 'fast' }).subscribe('ticks');
    const publisher = hub.connect({ crewId: 'clock' });
    const seenByFast: unknown[] = [];
    for (let tick = 0; tick < 5; tick++) {
      await publisher.publish('ticks', tick);
      seenByFast.push((await fast.next()).value?.payload);
    }
    // The fast reader kept up and missed nothing.
    expect(seenByFast).toEqual([0, 1, 2, 3, 4]);
    const kept = [
      (await slow.next()).value?.payload,
      (await slow.next()).value?.payload,
      (await slow.next()).value?.payload,
    ];
    expect(kept).toEqual([0, 1, 2]);
    const overflow = await failure(slow.next());
    expect(overflow.code).toBe('EVENT_HUB_SUBSCRIPTION_OVERFLOWED');
    expect(overflow.message).toContain("topic 'ticks' in crew 'slow' left 3 messages unread");
    await fast.return();
  });

  it('takes both limits from Svc:EventHub through addSvcEventHub', async () => {
    const configuration = Configuration.fromObject(
      { Svc: { EventHub: { MaxMailboxMessages: 1, MaxSubscriberBacklog: 1 } } },
      [...coreSettingsSections, eventHubSettings],
    );
    const services = new ServiceCollection();
    addSvcEventHub(services, configuration);
    const hub = services.build().get(EventHubService);
    const sender = hub.connect({ crewId: 'a' });
    await sender.post('crew://b', 1);
    expect((await failure(sender.post('crew://b', 2))).code).toBe('EVENT_HUB_MAILBOX_FULL');
    const subscription = hub.connect({ crewId: 'b' }).subscribe('t');
    await sender.publish('t', 1);
    await sender.publish('t', 2);
    expect((await subscription.next()).value?.payload).toBe(1);
    expect((await failure(subscription.next())).code).toBe('EVENT_HUB_SUBSCRIPTION_OVERFLOWED');
  });

  it('refuses limits that are not whole numbers of 1 or more', () => {
    expect(() => new InMemoryEventHub({ maxMailboxMessages: 0 })).toThrow(/maxMailboxMessages 0/);
    expect(() => new InMemoryEventHub({ maxSubscriberBacklog: 1.5 })).toThrow(/maxSubscriberBacklog 1.5/);
  });
});
