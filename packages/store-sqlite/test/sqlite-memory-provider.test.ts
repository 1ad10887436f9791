import { join } from 'node:path';
import { createMemoryItem } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
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
});
