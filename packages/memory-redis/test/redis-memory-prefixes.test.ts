import { createMemoryItem } from '@orkeon/core';
import { afterEach, describe, expect, it } from 'vitest';
import { RedisMemoryProvider } from '../src/index.js';
import { useRedisServer } from './redis-test-setup.js';

const { server, inspect } = useRedisServer();
const providers: RedisMemoryProvider[] = [];

function open(keyPrefix?: string): RedisMemoryProvider {
  const provider = new RedisMemoryProvider({
    connectionString: server().url,
    ...(keyPrefix === undefined ? {} : { keyPrefix }),
  });
  providers.push(provider);
  return provider;
}

afterEach(async () => {
  for (const provider of providers.splice(0)) await provider.close();
  await inspect().flushall();
});

describe('key prefixes', () => {
  it("keep two stores on one server apart, also when one prefix begins with the other's", async () => {
    const plain = open(); // orkeon:memory:
    const teamA = open('orkeon:memory:team-a:');
    const teamB = open('orkeon:memory:team-b:');
    expect(plain.keyPrefix).toBe('orkeon:memory:');
    for (const [store, who] of [
      [plain, 'plain'],
      [teamA, 'team-a'],
      [teamB, 'team-b'],
    ] as const) {
      await store.storeWithEmbedding('shared-key', createMemoryItem({ content: `tea for ${who}` }), [1, 0]);
      await store.store(`only-${who}`, createMemoryItem({ content: `tea alone for ${who}` }));
    }
    expect(await inspect().exists('orkeon:memory:shared-key', 'orkeon:memory:team-a:shared-key')).toBe(2);
    for (const [store, who] of [
      [plain, 'plain'],
      [teamA, 'team-a'],
      [teamB, 'team-b'],
    ] as const) {
      expect((await store.get('shared-key'))?.content).toBe(`tea for ${who}`);
      expect((await store.search('tea', 100)).map((hit) => hit.key).sort()).toEqual([`only-${who}`, 'shared-key']);
      expect((await store.searchSimilar([1, 0], { topK: 100 })).map((hit) => hit.item.content)).toEqual([
        `tea for ${who}`,
      ]);
    }
    expect(await teamA.get('only-plain')).toBeUndefined();
    expect(await plain.get('only-team-a')).toBeUndefined();
    // A memory key cannot reach into a longer prefix: its ':' is encoded.
    expect(await plain.get('team-a:shared-key')).toBeUndefined();
    await plain.store('team-a:shared-key', createMemoryItem({ content: 'plain, not team-a' }));
    expect((await teamA.get('shared-key'))?.content).toBe('tea for team-a');
  });

  it('let clear() remove only the keys under its own prefix', async () => {
    const plain = open();
    const teamA = open('orkeon:memory:team-a:');
    const globby = open('orkeon:[memory]*?:');
    await plain.store('p', createMemoryItem({ content: 'plain' }));
    await teamA.store('a', createMemoryItem({ content: 'team a' }));
    await globby.store('g', createMemoryItem({ content: 'glob characters in the prefix' }));
    const foreign = {
      'orkeon:memoryless': 'a key that only starts like the prefix',
      'other:orkeon:memory:x': 'another application',
      'orkeon:sessions:1': 'another part of Orkeon',
      'orkeon:mXmory:x': 'what an unescaped glob might match',
    };
    for (const [key, value] of Object.entries(foreign)) await inspect().set(key, value);
    await inspect().rpush('orkeon:memory:team-a:list', 'a list in team a');

    // A key named exactly like the prefix is not a memory of the store: no empty memory key reaches it.
    await inspect().set('orkeon:memory:', 'the prefix itself');
    expect(await plain.get('')).toBeUndefined();
    expect(await plain.delete('')).toBe(false);
    await expect(plain.store('', createMemoryItem({ content: 'x' }))).rejects.toMatchObject({
      code: 'MEMORY_ITEM_INVALID',
    });
    expect(await inspect().get('orkeon:memory:')).toBe('the prefix itself');

    await plain.clear();
    expect(await plain.get('p')).toBeUndefined();
    expect(await inspect().get('orkeon:memory:')).toBe('the prefix itself');
    await inspect().del('orkeon:memory:');
    expect((await teamA.get('a'))?.content).toBe('team a');
    expect((await globby.get('g'))?.content).toBe('glob characters in the prefix');
    for (const [key, value] of Object.entries(foreign)) expect(await inspect().get(key)).toBe(value);

    await globby.clear();
    expect(await globby.get('g')).toBeUndefined();
    expect(await inspect().get('orkeon:mXmory:x')).toBe(foreign['orkeon:mXmory:x']);

    // Keys of other types under the prefix are skipped by searches and removed by clear().
    expect((await teamA.search('team')).map((hit) => hit.key)).toEqual(['a']);
    await teamA.clear();
    expect(await inspect().exists('orkeon:memory:team-a:a', 'orkeon:memory:team-a:list')).toBe(0);
    expect((await inspect().keys('*')).sort()).toEqual(Object.keys(foreign).sort());
  });
});
