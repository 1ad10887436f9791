import { describe, expect, it } from 'vitest';
import { EventChannel } from '../../src/runtime/event-channel.js';

// The queue between a run and the `for await` loop reading its events: nothing dropped, in order,
// however far the reader falls behind, and the loop ends as the run does.

describe('EventChannel', () => {
  it('gives a reader far behind every event in order, then ends with the run', async () => {
    const channel = new EventChannel<number>();
    for (let event = 0; event < 40_000; event++) channel.push(event);
    const read: number[] = [];
    const reading = (async () => {
      for await (const event of channel) read.push(event);
    })();
    await new Promise((resolve) => setImmediate(resolve));
    for (let event = 40_000; event < 50_000; event++) channel.push(event);
    channel.end();
    channel.push(-1);
    await reading;
    expect(read).toEqual(Array.from({ length: 50_000 }, (_, event) => event));
  });

  it("throws the run's error after the events that came before it", async () => {
    const channel = new EventChannel<string>();
    channel.push('started');
    channel.end({ error: new Error('the model is unreachable') });
    const read: string[] = [];
    await expect(
      (async () => {
        for await (const event of channel) read.push(event);
      })(),
    ).rejects.toThrow('the model is unreachable');
    expect(read).toEqual(['started']);
  });
});
