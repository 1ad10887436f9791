import type { EventHubStage } from '@orkeon/core';
import { describe, expect, it, vi } from 'vitest';
import { InMemoryEventHub } from '../src/index.js';

describe('listeners on the in-memory hub', () => {
  it('without stages, calls the listener in the publisher’s turn, before the publish resolves', () => {
    const hub = new InMemoryEventHub();
    const heard: unknown[] = [];
    hub.connect({ crewId: 'b' }).on('t', (message) => heard.push(message.payload));
    const publishing = hub.connect({ crewId: 'a' }).publish('t', 'now');
    expect(heard).toEqual(['now']);
    return publishing;
  });

  it('a listener stopped by another one called before it for the same message is not called', async () => {
    const hub = new InMemoryEventHub();
    const reader = hub.connect({ crewId: 'b' });
    const heard: string[] = [];
    reader.on('t', () => {
      heard.push('first');
      stopSecond();
    });
    const stopSecond = reader.on('t', () => heard.push('second'));
    await hub.connect({ crewId: 'a' }).publish('t', 1);
    await hub.connect({ crewId: 'a' }).publish('t', 2);
    expect(heard).toEqual(['first', 'first']);
  });

  it('reports a failing listener as a process warning when no onError is given', async () => {
    const hub = new InMemoryEventHub();
    const warned = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      hub.connect({ crewId: 'b' }).on('t', () => {
        throw new Error('broke');
      });
      await hub.connect({ crewId: 'a' }).publish('t', 1);
      expect(warned).toHaveBeenCalledWith(expect.stringContaining('An event hub listener failed: broke'), {
        code: 'ORKEON_EVENT_HUB_LISTENER',
      });
    } finally {
      warned.mockRestore();
    }
  });

  it('with stages, passes each message through the receive stages in publish order, and drops what a stage refuses', async () => {
    const slowAndPicky: EventHubStage = {
      name: 'slow-and-picky',
      onPublish: (message, next) => next(message),
      async onReceive(message, next) {
        // Later messages get through faster: order must still be the publish order.
        await new Promise((resolve) => setTimeout(resolve, 10 - Number(message.payload)));
        if (message.payload === 3) throw new Error('not for readers');
        await next({ ...message, metadata: { seen: 'yes' } });
      },
    };
    const hub = new InMemoryEventHub({ stages: [slowAndPicky] });
    const heard: unknown[] = [];
    const stop = hub.connect({ crewId: 'b' }).on('t', (message) => {
      expect(message.metadata).toEqual({ seen: 'yes' });
      heard.push(message.payload);
    });
    const sender = hub.connect({ crewId: 'a' });
    for (let n = 1; n <= 5; n++) await sender.publish('t', n);
    await vi.waitFor(() => expect(heard).toEqual([1, 2, 4, 5]));
    stop();
    await sender.publish('t', 6);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(heard).toEqual([1, 2, 4, 5]);
  });

  it('with stages, a listener left too far behind ends with the overflow error on onError', async () => {
    const gate: { open?: () => void } = {};
    const opened = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    const held: EventHubStage = {
      name: 'held',
      onPublish: (message, next) => next(message),
      async onReceive(message, next) {
        await opened;
        await next(message);
      },
    };
    const hub = new InMemoryEventHub({ stages: [held], maxSubscriberBacklog: 2 });
    const errors: unknown[] = [];
    hub.connect({ crewId: 'b' }).on('t', () => undefined, { onError: (error) => errors.push(error) });
    const sender = hub.connect({ crewId: 'a' });
    for (let n = 1; n <= 5; n++) await sender.publish('t', n);
    gate.open?.();
    await vi.waitFor(() => expect(errors).toHaveLength(1));
    expect(errors[0]).toMatchObject({ code: 'EVENT_HUB_SUBSCRIPTION_OVERFLOWED' });
  });
});
