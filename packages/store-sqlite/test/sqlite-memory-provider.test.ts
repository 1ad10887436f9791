import { join } from 'node:path';
import { createMemoryItem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import Database from 'better-sqlite3';
import * as vitest from 'vitest';
import { SqliteDocumentStore, SqliteMemoryProvider } from '../src/index.js';

const { afterEach, describe, expect, it } = vitest;
const folders: TemporaryDirectory[] = [];

async function newPath(): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-sqlite-memory-');
  folders.push(folder);
  return join(folder.path, 'state.db');
}

afterEach(async () => {
  for (const folder of folders.splice(0)) await folder.remove();
});

describeMemoryProviderConformance(vitest, 'SqliteMemoryProvider', async () => {
  const provider = new SqliteMemoryProvider({ path: await newPath() });
  return { provider, dispose: () => provider.close() };
});

describe('SqliteMemoryProvider', () => {
  it('keeps memories across a reopening, beside the document store in one file, and reads FTS5 syntax as words', async () => {
    const path = await newPath();
    const documents = new SqliteDocumentStore({ path });
    await documents.put('notes', 'n1', { text: 'kept' });
    const first = new SqliteMemoryProvider({ path });
    await first.storeWithEmbedding(
      'tea',
      createMemoryItem({ content: 'Ada drinks "green" tea OR coffee*' }),
      [0.5, 0.5],
    );
    await first.close();
    const again = new SqliteMemoryProvider({ path });
    expect((await again.get('tea'))?.content).toBe('Ada drinks "green" tea OR coffee*');
    expect((await again.searchSimilar([1, 1]))[0]?.key).toBe('tea');
    expect((await again.search('coffee* NEAR("green")')).map((hit) => hit.key)).toEqual(['tea']);
    expect((await documents.get('notes', 'n1'))?.value).toEqual({ text: 'kept' });
    await again.close();
    await documents.close();
    await expect(again.get('tea')).rejects.toThrow('was closed');
  });

  it('searches vectors held in this process, and sees what another connection to the file wrote', async () => {
    const path = await newPath();
    const reader = new SqliteMemoryProvider({ path });
    const writer = new SqliteMemoryProvider({ path });
    const at = (content: string, tags: string[] = []) => createMemoryItem({ content, metadata: { tags } });
    await reader.storeWithEmbedding('north', at('north', ['map']), [1, 0, 0]);
    await reader.storeWithEmbedding('east', at('east'), [0, 1, 0]);
    expect((await reader.searchSimilar([1, 0.2, 0])).map((hit) => hit.key)).toEqual(['north', 'east']);
    // Another connection replaces, adds and deletes; the reader's next search sees all three.
    await writer.storeWithEmbedding('east', at('east, moved'), [0.9, 0.1, 0]);
    await writer.storeWithEmbedding('up', at('up', ['map']), [0, 0, 1]);
    await writer.delete('north');
    expect((await reader.searchSimilar([1, 0.2, 0])).map((hit) => [hit.key, hit.item.content])).toEqual([
      ['east', 'east, moved'],
      ['up', 'up'],
    ]);
    // Its own writes too, without reading the file again; filters read the kept tags.
    await reader.store('east', at('east, no vector now'));
    await reader.storeWithEmbedding('west', at('west', ['map']), [-1, 0, 0]);
    expect((await reader.searchSimilar([0, 0, 1], { filter: { tags: ['map'] } })).map((hit) => hit.key)).toEqual([
      'up',
      'west',
    ]);
    await expect(reader.searchSimilar([1, 0])).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
    await reader.clear();
    expect(await reader.searchSimilar([1, 0])).toEqual([]);
    await reader.close();
    await writer.close();
  });

  it('reads a file of the earlier layout (no memory_text_rows) and replaces its words, never doubles them', async () => {
    const path = await newPath();
    const earlier = new Database(path);
    earlier.exec(`
      CREATE TABLE memory_items (key TEXT PRIMARY KEY NOT NULL, type TEXT NOT NULL, source TEXT NOT NULL,
        dimensions INTEGER, embedding BLOB, item_json TEXT NOT NULL) STRICT;
      CREATE VIRTUAL TABLE memory_items_text USING fts5(key UNINDEXED, content);`);
    const old = createMemoryItem({ content: 'Ada drinks green tea.' });
    earlier
      .prepare('INSERT INTO memory_items VALUES (?, ?, ?, NULL, NULL, ?)')
      .run('ada', 'longTerm', 'unknown', JSON.stringify(old));
    earlier.prepare('INSERT INTO memory_items_text (key, content) VALUES (?, ?)').run('ada', old.content);
    earlier.close();

    const memory = new SqliteMemoryProvider({ path });
    expect((await memory.search('tea')).map((hit) => hit.key)).toEqual(['ada']);
    await memory.store('ada', createMemoryItem({ content: 'Ada now drinks coffee.' }));
    expect(await memory.search('tea')).toEqual([]);
    expect((await memory.search('coffee')).map((hit) => hit.key)).toEqual(['ada']);
    expect(await memory.delete('ada')).toBe(true);
    expect(await memory.search('coffee')).toEqual([]);
    await memory.close();
  });

  it('keeps a vector once, as the BLOB, and reads rows of the release that kept it in the JSON too', async () => {
    const path = await newPath();
    const memory = new SqliteMemoryProvider({ path });
    const fact = createMemoryItem({ content: 'Ada drinks green tea.' });
    await memory.storeWithEmbedding('new', fact, [0.5, -0.25, 1]);
    // The earlier release's row: the vector in the JSON and in the BLOB.
    const earlier = new Database(path);
    const old = { ...createMemoryItem({ content: 'Bob drinks coffee.' }), embedding: [0.25, 0.5, 0.75] };
    earlier
      .prepare('INSERT INTO memory_items VALUES (?, ?, ?, 3, ?, ?)')
      .run(
        'old',
        old.type,
        old.metadata.source,
        Buffer.from(Float32Array.from(old.embedding).buffer),
        JSON.stringify(old),
      );
    const stored = earlier.prepare("SELECT item_json FROM memory_items WHERE key = 'new'").get() as {
      item_json: string;
    };
    expect(JSON.parse(stored.item_json)).not.toHaveProperty('embedding');
    earlier.close();
    expect(await memory.get('new')).toEqual({ ...fact, embedding: [0.5, -0.25, 1] });
    expect(await memory.get('old')).toEqual(old);
    const [nearest] = await memory.searchSimilar([0.25, 0.5, 0.75], { topK: 1 });
    expect(nearest).toMatchObject({ key: 'old', item: old });
    expect((await memory.search('green'))[0]?.item).toEqual({ ...fact, embedding: [0.5, -0.25, 1] });
    expect((await memory.searchSimilar([0.5, -0.25, 1], { topK: 1 }))[0]?.item).toEqual({
      ...fact,
      embedding: [0.5, -0.25, 1],
    });
    await memory.close();
  });
});
