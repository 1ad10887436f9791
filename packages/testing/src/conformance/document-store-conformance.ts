import { type DocumentStore, updateDocument } from '@orkeon/core';
import type { ConformanceTestApi } from './conformance-test-api.js';

/** What a test gives the store it creates: the clock to write times with. */
export interface DocumentStoreFixtureOptions {
  readonly now: () => Date;
}

/**
 * The rules every `DocumentStore` keeps, run against each adapter (in memory, SQLite,
 * PostgreSQL) with exactly the same cases; a host's own store can run them too.
 * `createStore` gives a fresh, empty store for each test that writes times with the
 * given clock; the suite closes it afterwards.
 */
export function describeDocumentStoreConformance(
  test: ConformanceTestApi,
  storeName: string,
  createStore: (options: DocumentStoreFixtureOptions) => Promise<DocumentStore>,
): void {
  const { describe, it, expect, beforeEach, afterEach } = test;
  describe(`${storeName} keeps the document store rules`, () => {
    let store: DocumentStore;
    let clock: Date;

    beforeEach(async () => {
      clock = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));
      store = await createStore({ now: () => clock });
    });

    afterEach(async () => {
      await store.close();
    });

    const tick = (seconds: number) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    };

    it('gives back what was put, as JSON, with version 1 and the clock time; undefined when absent', async () => {
      const value = {
        text: 'ünïcødé "quotes" \\ and\nnew lines 😀',
        numbers: [0, -1.5, 1e21, 123456789],
        nested: { yes: true, no: false, nothing: null, empty: {}, list: [] },
      };
      const written = await store.put('notes', 'first', value);
      expect(written).toEqual({
        collection: 'notes',
        key: 'first',
        value,
        version: 1,
        createdAt: '2026-01-01T09:00:00.000Z',
        updatedAt: '2026-01-01T09:00:00.000Z',
      });
      expect(await store.get('notes', 'first')).toEqual(written);
      expect(await store.get('notes', 'never')).toBeUndefined();
      expect(await store.get('elsewhere', 'first')).toBeUndefined();
      // A Date has no JSON form of its own: it comes back as its ISO text, in every adapter.
      const dated = await store.put('notes', 'dated', { when: new Date(Date.UTC(2026, 1, 2)) });
      expect(dated.value).toEqual({ when: '2026-02-02T00:00:00.000Z' });
      expect((await store.get('notes', 'dated'))?.value).toEqual({ when: '2026-02-02T00:00:00.000Z' });
      await store.put('scalars', 'text', 'just text');
      await store.put('scalars', 'zero', 0);
      await store.put('scalars', 'null', null);
      expect((await store.list('scalars')).map((document) => document.value)).toEqual([null, 'just text', 0]);
    });

    it('a second put replaces the value: version 2, createdAt kept, updatedAt from the clock', async () => {
      await store.put('notes', 'k', { n: 1 });
      tick(30);
      const second = await store.put('notes', 'k', { n: 2, more: 'x' });
      expect(second).toMatchObject({ version: 2, value: { n: 2, more: 'x' } });
      expect(second.createdAt).toBe('2026-01-01T09:00:00.000Z');
      expect(second.updatedAt).toBe('2026-01-01T09:00:30.000Z');
      expect(await store.get('notes', 'k')).toEqual(second);
    });

    it('collections are apart: one key in two collections is two documents', async () => {
      await store.put('left', 'same', 'L');
      await store.put('right', 'same', 'R');
      expect((await store.get('left', 'same'))?.value).toBe('L');
      expect((await store.get('right', 'same'))?.value).toBe('R');
      expect(await store.delete('left', 'same')).toBe(true);
      expect((await store.get('right', 'same'))?.value).toBe('R');
    });

    it('compare-and-set: writes only at the expected version, and a refused write changes nothing', async () => {
      const created = await store.put('cas', 'k', 'one', { expectedVersion: 0 });
      expect(created.version).toBe(1);
      await expect(store.put('cas', 'k', 'again', { expectedVersion: 0 })).rejects.toMatchObject({
        code: 'DOCUMENT_VERSION_CONFLICT',
        expectedVersion: 0,
        actualVersion: 1,
      });
      const second = await store.put('cas', 'k', 'two', { expectedVersion: 1 });
      expect(second.version).toBe(2);
      await expect(store.put('cas', 'k', 'stale', { expectedVersion: 1 })).rejects.toMatchObject({
        code: 'DOCUMENT_VERSION_CONFLICT',
        expectedVersion: 1,
        actualVersion: 2,
      });
      await expect(store.put('cas', 'absent', 'x', { expectedVersion: 3 })).rejects.toMatchObject({
        code: 'DOCUMENT_VERSION_CONFLICT',
        actualVersion: 0,
      });
      expect(await store.get('cas', 'k')).toEqual(second);
      expect(await store.get('cas', 'absent')).toBeUndefined();
    });

    it('delete: true once, false after; with an expected version it is a compare-and-delete', async () => {
      await store.put('gone', 'k', 1);
      await store.put('gone', 'k', 2);
      await expect(store.delete('gone', 'k', { expectedVersion: 1 })).rejects.toMatchObject({
        code: 'DOCUMENT_VERSION_CONFLICT',
        actualVersion: 2,
      });
      await expect(store.delete('gone', 'k', { expectedVersion: 0 })).rejects.toMatchObject({
        code: 'DOCUMENT_VERSION_CONFLICT',
      });
      expect(await store.get('gone', 'k')).toBeDefined();
      expect(await store.delete('gone', 'k', { expectedVersion: 2 })).toBe(true);
      expect(await store.delete('gone', 'k')).toBe(false);
      expect(await store.delete('gone', 'k', { expectedVersion: 0 })).toBe(false);
      expect(await store.get('gone', 'k')).toBeUndefined();
      // A document written again after a delete starts over.
      expect((await store.put('gone', 'k', 3, { expectedVersion: 0 })).version).toBe(1);
    });

    it('list orders keys by UTF-8 bytes, filters by a literal prefix, pages with after and limit', async () => {
      // UTF-16 order would put the emoji (a surrogate pair) before U+FFFD; byte order puts it after.
      const keys = ['b', 'B', 'a', 'a_b', 'a%', 'ab', 'é', '\uFFFD', '😀', 'a/1', 'a/2'];
      for (const key of keys) await store.put('ordered', key, key);
      await store.put('other', 'a', 'not listed');
      const all = await store.list('ordered');
      expect(all.map((document) => document.key)).toEqual([
        'B',
        'a',
        'a%',
        'a/1',
        'a/2',
        'a_b',
        'ab',
        'b',
        'é',
        '\uFFFD',
        '😀',
      ]);
      expect(all.every((document) => document.value === document.key && document.collection === 'ordered')).toBe(true);
      // '%' and '_' are not wildcards.
      expect((await store.list('ordered', { prefix: 'a%' })).map((document) => document.key)).toEqual(['a%']);
      expect((await store.list('ordered', { prefix: 'a_' })).map((document) => document.key)).toEqual(['a_b']);
      expect((await store.list('ordered', { prefix: 'a/' })).map((document) => document.key)).toEqual(['a/1', 'a/2']);
      expect((await store.list('ordered', { prefix: 'zzz' })).map((document) => document.key)).toEqual([]);
      const first = await store.list('ordered', { limit: 4 });
      const next = await store.list('ordered', { limit: 4, after: first.at(-1)?.key ?? '' });
      const last = await store.list('ordered', { limit: 4, after: next.at(-1)?.key ?? '' });
      expect([...first, ...next, ...last].map((document) => document.key)).toEqual(all.map((d) => d.key));
      expect(last).toHaveLength(3);
      expect((await store.list('ordered', { prefix: 'a', after: 'a%', limit: 2 })).map((d) => d.key)).toEqual([
        'a/1',
        'a/2',
      ]);
      expect(await store.list('empty-collection')).toEqual([]);
    });

    it('hands out copies: changing a value given or received never changes the store', async () => {
      const value = { list: [1, 2], inner: { text: 'kept' } };
      const written = await store.put('copies', 'k', value);
      value.list.push(3);
      value.inner.text = 'changed after put';
      (written.value as { inner: { text: string } }).inner.text = 'changed the result';
      const read = await store.get<{ list: number[]; inner: { text: string } }>('copies', 'k');
      expect(read?.value).toEqual({ list: [1, 2], inner: { text: 'kept' } });
      read?.value.list.push(9);
      expect((await store.get('copies', 'k'))?.value).toEqual({ list: [1, 2], inner: { text: 'kept' } });
    });

    it('refuses unusable collections, keys, values and options with typed errors, storing nothing', async () => {
      for (const collection of ['', 'has space', 'a/b', "quote'", 'x'.repeat(101)]) {
        await expect(store.put(collection, 'k', 1)).rejects.toMatchObject({ code: 'DOCUMENT_COLLECTION_INVALID' });
        await expect(store.list(collection)).rejects.toMatchObject({ code: 'DOCUMENT_COLLECTION_INVALID' });
      }
      for (const key of ['', 'nul\u0000inside', 'lone \uD800 surrogate', 'k'.repeat(1025)]) {
        await expect(store.put('c', key, 1)).rejects.toMatchObject({ code: 'DOCUMENT_KEY_INVALID' });
        await expect(store.get('c', key)).rejects.toMatchObject({ code: 'DOCUMENT_KEY_INVALID' });
      }
      const cycle: Record<string, unknown> = {};
      cycle.self = cycle;
      for (const value of [undefined, () => 1, 10n, cycle, { text: 'nul \u0000' }]) {
        await expect(store.put('c', 'bad', value)).rejects.toMatchObject({ code: 'DOCUMENT_VALUE_INVALID' });
      }
      await expect(store.put('c', 'k', 1, { expectedVersion: -1 })).rejects.toMatchObject({
        code: 'DOCUMENT_OPTION_INVALID',
      });
      await expect(store.put('c', 'k', 1, { expectedVersion: 1.5 })).rejects.toMatchObject({
        code: 'DOCUMENT_OPTION_INVALID',
      });
      for (const limit of [0, -1, 2.5, 10_001]) {
        await expect(store.list('c', { limit })).rejects.toMatchObject({ code: 'DOCUMENT_OPTION_INVALID' });
      }
      expect(await store.list('c')).toEqual([]);
      const longest = 'k'.repeat(1024);
      expect((await store.put('c', longest, 'fits')).key).toBe(longest);
    });

    it('concurrent read-change-write updates all land: compare-and-set loses none', async () => {
      await store.put('counters', 'hits', { count: 0 });
      await Promise.all(
        Array.from({ length: 10 }, () =>
          updateDocument<{ count: number }>(store, 'counters', 'hits', (current) => ({
            count: (current?.count ?? 0) + 1,
          })),
        ),
      );
      expect(await store.get('counters', 'hits')).toMatchObject({ value: { count: 10 }, version: 11 });
    });

    it('concurrent puts of different keys all land', async () => {
      const keys = Array.from({ length: 20 }, (_, index) => `key-${String(index).padStart(2, '0')}`);
      await Promise.all(keys.map((key, index) => store.put('parallel', key, { index })));
      expect((await store.list('parallel')).map((document) => document.key)).toEqual(keys);
    });

    it('a closed store refuses every call', async () => {
      await store.put('c', 'k', 1);
      await store.close();
      await store.close();
      await expect(store.get('c', 'k')).rejects.toMatchObject({ code: 'DOCUMENT_STORE_CLOSED' });
      await expect(store.put('c', 'k', 2)).rejects.toMatchObject({ code: 'DOCUMENT_STORE_CLOSED' });
      await expect(store.list('c')).rejects.toMatchObject({ code: 'DOCUMENT_STORE_CLOSED' });
      await expect(store.delete('c', 'k')).rejects.toMatchObject({ code: 'DOCUMENT_STORE_CLOSED' });
    });
  });
}
