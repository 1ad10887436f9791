import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '../../src/documents/document-store.js';
import { InMemoryDocumentStore } from '../../src/documents/in-memory-document-store.js';
import { updateDocument } from '../../src/documents/update-document.js';

/** A store that lets another writer in between each read and the write that follows, `races` times. */
function racingStore(store: DocumentStore, races: number): DocumentStore {
  let left = races;
  return {
    get: async (collection, key) => {
      const read = await store.get(collection, key);
      if (left > 0) {
        left -= 1;
        await store.put(collection, key, { count: 100 + left });
      }
      return read as never;
    },
    put: (collection, key, value, options) => store.put(collection, key, value, options),
    delete: (collection, key, options) => store.delete(collection, key, options),
    list: (collection, options) => store.list(collection, options),
    close: () => store.close(),
  };
}

describe('updateDocument', () => {
  it('reads again and re-applies the change after losing a race, so the other write is not lost', async () => {
    const store = new InMemoryDocumentStore();
    await store.put('c', 'k', { count: 1 });
    const seen: number[] = [];
    const updated = await updateDocument<{ count: number }>(racingStore(store, 2), 'c', 'k', (current) => {
      seen.push(current?.count ?? -1);
      return { count: (current?.count ?? 0) + 1 };
    });
    // The first two reads lost to writers that set 101 then 100; the third read wins.
    expect(seen).toEqual([1, 101, 100]);
    expect(updated).toMatchObject({ value: { count: 101 }, version: 4 });
  });

  it('gives up with the conflict after maxAttempts lost races', async () => {
    const store = new InMemoryDocumentStore();
    await store.put('c', 'k', { count: 1 });
    await expect(
      updateDocument(racingStore(store, 5), 'c', 'k', () => ({ count: 0 }), { maxAttempts: 3 }),
    ).rejects.toMatchObject({ code: 'DOCUMENT_VERSION_CONFLICT' });
  });

  it('creates an absent document, and a change returning undefined writes nothing', async () => {
    const store = new InMemoryDocumentStore();
    expect(await updateDocument(store, 'c', 'new', () => 'made')).toMatchObject({ value: 'made', version: 1 });
    expect(await updateDocument(store, 'c', 'absent', () => undefined)).toBeUndefined();
    expect(await updateDocument(store, 'c', 'new', () => undefined)).toMatchObject({ value: 'made', version: 1 });
    expect(await store.get('c', 'absent')).toBeUndefined();
  });
});
