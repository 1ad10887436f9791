import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createMemoryItem, type MemoryItem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { LanceDbMemoryProvider, type LanceDbMemoryProviderOptions } from '../src/index.js';

const { afterEach, describe, expect, it } = vitest;
const folders: TemporaryDirectory[] = [];
const opened: LanceDbMemoryProvider[] = [];

async function newFolder(): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-lancedb-memory-');
  folders.push(folder);
  return join(folder.path, 'lancedb');
}

function provider(options: LanceDbMemoryProviderOptions): LanceDbMemoryProvider {
  const created = new LanceDbMemoryProvider(options);
  opened.push(created);
  return created;
}

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  for (const folder of folders.splice(0)) await folder.remove();
});

const at = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));
const item = (content: string, extra: Partial<Parameters<typeof createMemoryItem>[0]> = {}): MemoryItem =>
  createMemoryItem({ content, ...extra }, at);

describeMemoryProviderConformance(vitest, 'LanceDbMemoryProvider (embedded)', async () => {
  const store = new LanceDbMemoryProvider({ uri: await newFolder() });
  return { provider: store, dispose: () => store.close() };
});

describe('LanceDbMemoryProvider (embedded)', () => {
  it('keeps every field across closing and reopening the folder, with and without vectors', async () => {
    const uri = await newFolder();
    const full = item('Ada is allergic to nuts.', {
      id: 'm-1',
      type: 'entity',
      importance: 0.9,
      metadata: {
        source: 'crew:kitchen',
        tags: ['guest', 'allergy'],
        createdBy: 'chef',
        lastAccessedAt: '2026-01-02T10:00:00.000Z',
        relevance: 0.4,
        accessCount: 3,
        customProperties: { table: 7, notes: ['no peanuts'] },
      },
    });
    const plain = item('Bob likes coffee.');
    const first = provider({ uri });
    // Plain first: the table is made before any vector length is known.
    await first.store('plain', plain);
    await first.storeWithEmbedding('ada', full, [0.25, 0.5, 0.75]);
    await first.store('later-plain', item('Carol reads.'));
    await first.close();

    const again = provider({ uri });
    expect(await again.get('ada')).toEqual({ ...full, embedding: [0.25, 0.5, 0.75] });
    expect(await again.get('plain')).toEqual(plain);
    expect((await again.get('later-plain'))?.embedding).toBeUndefined();
    expect(await again.dimensions()).toBe(3);
    expect((await again.searchSimilar([0.25, 0.5, 0.75])).map((hit) => hit.key)).toEqual(['ada']);
    expect((await again.search('coffee')).map((hit) => hit.key)).toEqual(['plain']);
    await again.close();
    await expect(again.get('ada')).rejects.toMatchObject({ code: 'LANCEDB_MEMORY_CLOSED' });
  });

  it('takes the vector length from the first vector, or from Dimensions, and refuses another, keeping nothing', async () => {
    const learned = provider({ uri: await newFolder() });
    await learned.storeWithEmbedding('a', item('first'), [1, 0]);
    await expect(learned.storeWithEmbedding('b', item('second'), [1, 0, 0])).rejects.toMatchObject({
      code: 'MEMORY_ITEM_INVALID',
      message: expect.stringContaining('3 dimensions'),
    });
    expect(await learned.get('b')).toBeUndefined();
    await expect(
      learned.storeMany([
        { key: 'c', item: item('c', { embedding: [1, 1] }) },
        { key: 'd', item: item('d', { embedding: [1, 1, 1] }) },
      ]),
    ).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
    expect(await learned.get('c')).toBeUndefined();

    const set = provider({ uri: await newFolder(), dimensions: 4 });
    await expect(set.storeWithEmbedding('a', item('first'), [1, 0])).rejects.toMatchObject({
      code: 'MEMORY_ITEM_INVALID',
    });
    await expect(set.searchSimilar([1, 0])).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
    await set.storeWithEmbedding('a', item('first'), [1, 0, 0, 0]);
    expect((await set.searchSimilar([1, 0, 0, 0]))[0]?.score).toBeCloseTo(1, 6);
  });

  it('refuses to open a table whose vectors have another length than Dimensions', async () => {
    const uri = await newFolder();
    const first = provider({ uri });
    await first.storeWithEmbedding('a', item('first'), [1, 0, 0]);
    await first.close();
    const other = provider({ uri, dimensions: 384 });
    await expect(other.get('a')).rejects.toMatchObject({
      code: 'LANCEDB_MEMORY_TABLE_INCOMPATIBLE',
      message: expect.stringContaining('set Dimensions to 3'),
    });
  });

  it('filters by type, source and tags with values that hold quotes and SQL', async () => {
    const store = provider({ uri: await newFolder() });
    const quoted = "it's ' OR '1'='1";
    await store.storeWithEmbedding(
      "o'brien",
      item("O'Brien's note", { type: 'episodic', metadata: { tags: [quoted, 'x'], source: "crew 'a'" } }),
      [1, 0],
    );
    await store.storeWithEmbedding('other', item('Other note', { metadata: { tags: ['x'] } }), [1, 0.1]);
    const keys = async (filter: Parameters<LanceDbMemoryProvider['searchSimilar']>[1]) =>
      (await store.searchSimilar([1, 0], filter)).map((hit) => hit.key);
    expect(await keys({ filter: { tags: [quoted] } })).toEqual(["o'brien"]);
    expect(await keys({ filter: { tags: ["it's"] } })).toEqual([]);
    expect(await keys({ filter: { source: "crew 'a'" } })).toEqual(["o'brien"]);
    expect(await keys({ filter: { source: "' OR ''='" } })).toEqual([]);
    expect(await keys({ filter: { type: 'episodic', tags: ['x'] } })).toEqual(["o'brien"]);
    expect(await keys({ filter: { tags: ['x'] } })).toEqual(["o'brien", 'other']);
    expect((await store.get("o'brien"))?.metadata.tags).toEqual([quoted, 'x']);
    expect(await store.delete("' OR '1'='1")).toBe(false);
    expect(await store.get('other')).toBeDefined();
    expect(await store.delete("o'brien")).toBe(true);
    expect(await store.get('other')).toBeDefined();
  });

  it('scores word search by the share of the query words found, reading query syntax as words', async () => {
    const store = provider({ uri: await newFolder() });
    await store.storeMany([
      { key: 'all', item: item('Ada drinks green tea') },
      { key: 'half', item: item('Ada likes nuts') },
      { key: 'none', item: item('Bob prefers coffee') },
      { key: 'syntax', item: item('green OR "tea" AND content:nuts') },
    ]);
    const found = await store.search('ada TEA');
    expect(found.map((hit) => [hit.key, hit.score])).toEqual([
      ['all', 1],
      ['half', 0.5],
      ['syntax', 0.5],
    ]);
    expect((await store.search('content:nuts AND NOT')).map((hit) => hit.key).sort()).toEqual(['half', 'syntax']);
    expect(await store.search('***')).toEqual([]);
  });

  it('stores many in one write, the last of a key winning, and replaces by key', async () => {
    const store = provider({ uri: await newFolder() });
    await store.storeMany([
      { key: 'k', item: item('first version', { embedding: [1, 0] }) },
      { key: 'k', item: item('second version', { embedding: [0, 1] }) },
      { key: 'j', item: item('other') },
    ]);
    expect((await store.get('k'))?.content).toBe('second version');
    const third = item('third version');
    await store.store('k', third);
    expect(await store.get('k')).toEqual(third);
    expect(await store.searchSimilar([0, 1])).toEqual([]);
    expect((await store.search('version')).map((hit) => hit.key)).toEqual(['k']);
  });

  it('keeps concurrent writes, the first vector length decided once', async () => {
    const store = provider({ uri: await newFolder() });
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 3 === 0
          ? store.store(`k${index}`, item(`plain ${index}`))
          : store.storeWithEmbedding(`k${index}`, item(`vector ${index}`), [index, 1]),
      ),
    );
    expect(await store.dimensions()).toBe(2);
    expect((await store.searchSimilar([1, 1], { topK: 20 })).length).toBe(8);
    expect((await store.search('plain', 20)).length).toBe(4);
  });

  it('says which folder it cannot open, and opens again once it can', async () => {
    const folder = await createTemporaryDirectory('orkeon-lancedb-unwritable-');
    folders.push(folder);
    const blocker = join(folder.path, 'not-a-folder');
    await writeFile(blocker, 'a file where the database folder should be');
    const store = provider({ uri: join(blocker, 'lancedb') });
    await expect(store.get('x')).rejects.toMatchObject({
      code: 'LANCEDB_MEMORY_OPEN_FAILED',
      message: expect.stringContaining(join(blocker, 'lancedb')),
    });
    await rm(blocker);
    await store.store('x', item('now it opens'));
    expect((await store.get('x'))?.content).toBe('now it opens');
  });
});
