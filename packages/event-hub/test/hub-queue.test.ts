import { describe, expect, it } from 'vitest';
import { HubQueue } from '../src/index.js';

// The FIFO under every mailbox, subscription and pending request: order and size hold across a long
// backlog, whose taken part the queue lets go of as it is read.

describe('HubQueue', () => {
  it('keeps FIFO order and its size through a long backlog read while more comes in', async () => {
    const queue = new HubQueue<number>();
    for (let item = 0; item < 30_000; item++) queue.push(item);
    const taken: number[] = [];
    for (let index = 0; index < 20_000; index++) taken.push((await queue.take()) as number);
    expect(queue.size).toBe(10_000);
    for (let item = 30_000; item < 35_000; item++) queue.push(item);
    expect(queue.size).toBe(15_000);
    while (queue.size > 0) taken.push((await queue.take()) as number);
    expect(taken).toEqual(Array.from({ length: 35_000 }, (_, item) => item));
    // Empty again: a reader waits for the next push, and gets it.
    const next = queue.take();
    queue.push(35_000);
    expect(await next).toBe(35_000);
    expect(queue.size).toBe(0);
    // Taken at once when one is there; asking an empty queue is a mistake, said so.
    queue.push(35_001);
    expect(queue.takeNow()).toBe(35_001);
    expect(() => queue.takeNow()).toThrow('HubQueue.takeNow: the queue is empty.');
  });

  it('gives waiting readers nothing once closed, and the items left before a failure, then the error', async () => {
    const closed = new HubQueue<string>();
    closed.push('dropped');
    closed.close();
    expect(closed.size).toBe(0);
    expect(await closed.take()).toBeUndefined();

    const failed = new HubQueue<string>();
    failed.push('a');
    failed.push('b');
    failed.fail(new Error('overflowed'));
    expect(await failed.take()).toBe('a');
    expect(await failed.take()).toBe('b');
    await expect(failed.take()).rejects.toThrow('overflowed');
  });
});
