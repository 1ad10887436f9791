import { describe, expect, expectTypeOf, it } from 'vitest';
import { type ChangeFeed, ChangeFeedService, InProcessChangeFeed, ServiceCollection } from '../../src/index.js';

describe('InProcessChangeFeed', () => {
  it('tells each follower of a channel the keys announced on it, after the current turn, until it stops', async () => {
    const feed = new InProcessChangeFeed();
    const orders: string[] = [];
    const invoices: string[] = [];
    const stop = await feed.follow('orders', (key) => orders.push(key));
    await feed.follow('invoices', (key) => invoices.push(key));
    await feed.announce('orders', 'order-1');
    expect(orders).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(orders).toEqual(['order-1']);
    stop();
    await feed.announce('orders', 'order-2');
    await new Promise((resolve) => setImmediate(resolve));
    expect(orders).toEqual(['order-1']);
    expect(invoices).toEqual([]);
  });

  it('is a ChangeFeed, registered under ChangeFeedService', () => {
    expectTypeOf<InProcessChangeFeed>().toExtend<ChangeFeed>();
    expectTypeOf<ChangeFeed['follow']>().returns.toEqualTypeOf<Promise<() => void>>();
    const feed = new InProcessChangeFeed();
    const provider = new ServiceCollection().addInstance(ChangeFeedService, feed).build();
    expect(provider.get(ChangeFeedService)).toBe(feed);
  });
});
