import { describe, expect, it } from 'vitest';
import { InMemoryEventHub, MessageStamps } from '../src/index.js';

const uuidVersion7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('message stamps', () => {
  it('makes version 7 UUIDs, unique, sorting in the order they were made, with the time of their millisecond', async () => {
    const stamps = new MessageStamps();
    const made: { id: string; publishedAt: string }[] = [];
    const started = Date.now();
    // Across several milliseconds, so the counter and the time part both turn.
    while (Date.now() < started + 5 || made.length < 20_000)
      made.push({ id: stamps.nextId(), publishedAt: stamps.publishedAt() });
    for (const { id } of made) expect(id).toMatch(uuidVersion7);
    const ids = made.map(({ id }) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const { id, publishedAt } of [made[0], made[made.length - 1]].filter((each) => each !== undefined)) {
      const millisecond = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
      expect(new Date(millisecond).toISOString()).toBe(publishedAt);
    }
    expect(Date.parse(made[0]?.publishedAt ?? '')).toBeGreaterThanOrEqual(started);
  });

  it('two hubs made in the same millisecond do not share ids', () => {
    const first = new MessageStamps();
    const second = new MessageStamps();
    const ids = new Set<string>();
    for (let index = 0; index < 1_000; index++) {
      ids.add(first.nextId());
      ids.add(second.nextId());
    }
    expect(ids.size).toBe(2_000);
  });

  it('uses an injected clock and id generator, each without the other', async () => {
    const clocked = new InMemoryEventHub({ clock: () => new Date('2026-01-02T03:04:05.678Z') });
    const message = await clocked.connect({ crewId: 'a' }).publish('t', 1);
    expect(message.publishedAt).toBe('2026-01-02T03:04:05.678Z');
    expect(message.id).toMatch(uuidVersion7);
    const named = new InMemoryEventHub({ newId: () => 'message-1' });
    const before = Date.now();
    const second = await named.connect({ crewId: 'a' }).publish('t', 1);
    expect(second.id).toBe('message-1');
    expect(Date.parse(second.publishedAt)).toBeGreaterThanOrEqual(before - 1);
  });
});
