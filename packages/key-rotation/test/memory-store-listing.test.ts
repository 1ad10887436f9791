import { join } from 'node:path';
import { InMemoryMemoryProvider } from '@orkeon/core';
import { SqliteMemoryProvider } from '@orkeon/store-sqlite';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, it } from 'vitest';
import { expectListsAndDeletesMany } from './store-listing.js';

describe('listEntries and deleteMany, what key rotation reads and cleans a store with', () => {
  it('lists the in-memory store in key order, a page at a time, as stored, and deletes many at once', async () => {
    await expectListsAndDeletesMany(new InMemoryMemoryProvider());
  });

  it('lists the SQLite store in key order, a page at a time, as stored, and deletes many at once', async () => {
    await using folder = await createTemporaryDirectory();
    await using store = new SqliteMemoryProvider({ path: join(folder.path, 'memory.db') });
    await expectListsAndDeletesMany(store);
  });
});
