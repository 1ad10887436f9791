import { createMemoryItem, MemoryItemError } from '@orkeon/core';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { RedisMemoryClosedError, RedisMemoryProvider } from '../src/index.js';
import { useRedisServer } from './redis-test-setup.js';

const { describe, expect, it, afterEach } = vitest;
const { server, inspect } = useRedisServer();
let prefixes = 0;
/** A prefix no other test of this file writes under. */
const freshPrefix = () => `orkeon:memory:test-${++prefixes}:`;
const opened: RedisMemoryProvider[] = [];

function open(options: ConstructorParameters<typeof RedisMemoryProvider>[0] = {}): RedisMemoryProvider {
  const provider = new RedisMemoryProvider({ connectionString: server().url, keyPrefix: freshPrefix(), ...options });
  opened.push(provider);
  return provider;
}

afterEach(async () => {
  for (const provider of opened.splice(0)) await provider.close();
});

describeMemoryProviderConformance(vitest, 'RedisMemoryProvider', async () => {
  const provider = new RedisMemoryProvider({ connectionString: server().url, keyPrefix: freshPrefix() });
  return {
    provider,
    dispose: async () => {
      await provider.clear();
      await provider.close();
    },
  };
});

const at = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));

describe('RedisMemoryProvider', () => {
  it('keeps each memory as a hash: the item as camelCase JSON, its content, its vector as float32', async () => {
    const provider = open();
    const item = createMemoryItem(
      {
        id: 'm1',
        content: 'Ada drinks green tea.',
        type: 'entity',
        importance: 0.75,
        metadata: { tags: ['guest'], createdBy: 'crew-1', customProperties: { room: 12 } },
      },
      at,
    );
    await provider.storeWithEmbedding('ada', item, [0.1, -2.5, 3]);
    const stored = await inspect().hgetall(`${provider.keyPrefix}ada`);
    expect(Object.keys(stored).sort()).toEqual(['content', 'item', 'vector']);
    expect(JSON.parse(stored.item as string)).toEqual({ ...item, embedding: [0.1, -2.5, 3] });
    expect(stored.item).toContain('"createdAt":"2026-01-01T09:00:00.000Z"');
    expect(stored.item).toContain('"customProperties":{"room":12}');
    expect(stored.content).toBe('Ada drinks green tea.');
    const vector = await inspect().hgetBuffer(`${provider.keyPrefix}ada`, 'vector');
    expect(vector?.length).toBe(12);
    expect([0, 1, 2].map((index) => vector?.readFloatLE(index * 4))).toEqual([Math.fround(0.1), -2.5, 3]);
    // The vector read back is the one given, to the last digit (the JSON keeps it).
    expect((await provider.get('ada'))?.embedding).toEqual([0.1, -2.5, 3]);
    // Stored again without a vector, the old vector goes with the old memory.
    await provider.store('ada', createMemoryItem({ content: 'Ada drinks coffee now.' }, at));
    expect(await inspect().hkeys(`${provider.keyPrefix}ada`)).toEqual(expect.arrayContaining(['item', 'content']));
    expect(await inspect().hexists(`${provider.keyPrefix}ada`, 'vector')).toBe(0);
    expect(await provider.searchSimilar([1, 1, 1])).toEqual([]);
  });

  it("keeps keys with ':' and '%' apart, encoded so that no ':' follows the prefix", async () => {
    const provider = open();
    const keys = ['crew:ada', 'crew%3Aada', '100%', 'a:b:c', '%25'];
    for (const [index, key] of keys.entries())
      await provider.store(key, createMemoryItem({ content: `memory ${index}` }));
    for (const [index, key] of keys.entries()) expect((await provider.get(key))?.content).toBe(`memory ${index}`);
    const redisKeys = await inspect().keys(`${provider.keyPrefix}*`);
    expect(redisKeys).toHaveLength(keys.length);
    for (const redisKey of redisKeys) expect(redisKey.slice(provider.keyPrefix.length)).not.toContain(':');
    expect((await provider.search('memory', 10)).map((hit) => hit.key).sort()).toEqual([...keys].sort());
    expect(await provider.delete('crew:ada')).toBe(true);
    expect((await provider.get('crew%3Aada'))?.content).toBe('memory 1');
  });

  it('scores word search by the share of the query words found, as the other stores do', async () => {
    const provider = open();
    await provider.store('tea', createMemoryItem({ content: 'Ada drinks green tea every morning.' }));
    await provider.store('nuts', createMemoryItem({ content: 'Ada is allergic to nuts.' }));
    await provider.store('bob', createMemoryItem({ content: 'Bob prefers coffee.' }));
    const found = await provider.search('ADA green tea, coffee!');
    expect(found.map((hit) => [hit.key, hit.score])).toEqual([
      ['tea', 3 / 4],
      ['bob', 1 / 4],
      ['nuts', 1 / 4],
    ]);
    expect(await provider.search('x y')).toEqual([]);
    expect(await provider.search('ada', 0)).toEqual([]);
  });

  it('writes storeMany in one MULTI, all or nothing, and scans past one SCAN page', async () => {
    const provider = open();
    const entries = Array.from({ length: 1_234 }, (_, index) => ({
      key: `m${index}`,
      item: createMemoryItem({ content: `memory number ${index}`, embedding: [1, index / 1_234] }),
    }));
    await inspect().config('RESETSTAT');
    await provider.storeMany(entries);
    const stats = await inspect().info('commandstats');
    expect(stats).toMatch(/cmdstat_multi:calls=1,/);
    expect(stats).toMatch(/cmdstat_exec:calls=1,/);
    expect(stats).toMatch(/cmdstat_hset:calls=1234,/);

    const bad = [...entries.slice(0, 3).map((entry) => ({ ...entry, key: `new-${entry.key}` }))];
    bad.push({ key: 'blank', item: { ...createMemoryItem({ content: 'x' }), content: ' ' } });
    await expect(provider.storeMany(bad)).rejects.toBeInstanceOf(MemoryItemError);
    expect(await provider.get('new-m0')).toBeUndefined();
    await provider.storeMany([]);

    const nearest = await provider.searchSimilar([1, 1], { topK: 3 });
    expect(nearest.map((hit) => hit.key)).toEqual(['m1233', 'm1232', 'm1231']);
    expect((await provider.search('number 77', 1_000)).map((hit) => hit.key)[0]).toBe('m77');
    expect(await provider.search('memory', 5_000)).toHaveLength(1_234);
    const statsAfter = await inspect().info('commandstats');
    expect(statsAfter).toMatch(/cmdstat_scan:calls=\d+/);
    expect(statsAfter).not.toMatch(/cmdstat_keys:/);
    await provider.clear();
    expect(await inspect().keys(`${provider.keyPrefix}*`)).toEqual([]);
  });

  it('parses the JSON of the memories it returns, not of every memory it compares', async () => {
    const provider = open();
    await provider.storeWithEmbedding('good', createMemoryItem({ content: 'the good one' }), [1, 0]);
    await provider.storeWithEmbedding('far', createMemoryItem({ content: 'far away' }), [0, 1]);
    // Another writer broke the far memory's JSON: a scan that parsed every item would throw.
    await inspect().hset(`${provider.keyPrefix}far`, 'item', '{ not json');
    expect((await provider.searchSimilar([1, 0.01], { topK: 1 })).map((hit) => hit.key)).toEqual(['good']);
    expect((await provider.search('good')).map((hit) => hit.key)).toEqual(['good']);
    await expect(provider.searchSimilar([1, 0.01], { topK: 2 })).rejects.toThrow(SyntaxError);
  });

  it('applies the filter before topK, reading further down the ranking', async () => {
    const provider = open();
    const entries = Array.from({ length: 150 }, (_, index) => ({
      key: `k${String(index).padStart(3, '0')}`,
      item: createMemoryItem({
        content: `item ${index}`,
        embedding: [1, index / 150],
        type: index % 50 === 0 ? 'episodic' : 'longTerm',
        metadata: { tags: index % 50 === 0 ? ['rare'] : [] },
      }),
    }));
    await provider.storeMany(entries);
    const found = await provider.searchSimilar([1, 0], { topK: 2, filter: { type: 'episodic', tags: ['rare'] } });
    expect(found.map((hit) => hit.key)).toEqual(['k000', 'k050']);
    const all = await provider.searchSimilar([1, 0], { topK: 10, filter: { tags: ['rare'] } });
    expect(all.map((hit) => hit.key)).toEqual(['k000', 'k050', 'k100']);
  });

  it('refuses a query vector of another length than a stored one, naming the memory', async () => {
    const provider = open();
    await provider.storeWithEmbedding('three', createMemoryItem({ content: 'three' }), [1, 2, 3]);
    await provider.storeWithEmbedding('two:d', createMemoryItem({ content: 'two' }), [1, 2]);
    const error = await provider.searchSimilar([1, 2, 3]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MemoryItemError);
    expect((error as Error).message).toBe(
      "The query vector has 3 dimensions and memory 'two:d' has 2: embed both with one model.",
    );
  });

  it('uses the database the settings name, and the one the connection string names first', async () => {
    const inOne = open({ database: 1 });
    await inOne.store('k', createMemoryItem({ content: 'in database one' }));
    expect(await open({ keyPrefix: inOne.keyPrefix }).get('k')).toBeUndefined();
    expect((await open({ keyPrefix: inOne.keyPrefix, connectionString: `${server().url}/1` }).get('k'))?.content).toBe(
      'in database one',
    );
    const viaUrl = open({ keyPrefix: inOne.keyPrefix, connectionString: `${server().url}/1`, database: 5 });
    expect(viaUrl.server).toBe(`redis://127.0.0.1:${server().port}/1`);
    expect((await viaUrl.get('k'))?.content).toBe('in database one');
    expect(await inspect().exists(`${inOne.keyPrefix}k`)).toBe(0);
    await inOne.clear();
  });

  it('accepts host:port, and fails clearly once closed', async () => {
    const provider = open({ connectionString: server().address });
    expect(provider.server).toBe(`redis://127.0.0.1:${server().port}/0`);
    await provider.store('k', createMemoryItem({ content: 'kept' }));
    await provider.close();
    await provider.close();
    await expect(provider.get('k')).rejects.toBeInstanceOf(RedisMemoryClosedError);
    await expect(provider.get('k')).rejects.toMatchObject({ code: 'REDIS_MEMORY_CLOSED' });
    expect((await open({ keyPrefix: provider.keyPrefix }).get('k'))?.content).toBe('kept');
  });

  it('refuses a key prefix that does not end with a colon', () => {
    expect(() => new RedisMemoryProvider({ keyPrefix: 'orkeon-memory' })).toThrow(
      expect.objectContaining({ code: 'REDIS_MEMORY_OPTIONS_INVALID' }),
    );
    expect(() => new RedisMemoryProvider({ keyPrefix: 'orkeon-memory' })).toThrow("ends with ':'");
  });
});
