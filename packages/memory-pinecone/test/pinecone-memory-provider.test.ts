// One file past 300 lines: the conformance suite, the store's own cases and the contract
// server's strictness share one fixture, whose test certificates take seconds to make.
import { createMemoryItem, type MemoryItemInput } from '@orkeon/core';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import { Pinecone } from '@pinecone-database/pinecone';
import * as vitest from 'vitest';
import { PineconeMemoryProvider, type PineconeMemoryProviderOptions } from '../src/index.js';
import { type PineconeFixture, startPineconeFixture } from './pinecone-fixture.js';

const { afterAll, afterEach, beforeAll, describe, expect, it } = vitest;

let fixture: PineconeFixture;
let namespaces = 0;
const freshNamespace = () => `memories-${++namespaces}`;
const opened: PineconeMemoryProvider[] = [];
const item = (content: string, extra: Omit<MemoryItemInput, 'content'> = {}) => createMemoryItem({ content, ...extra });

async function open(options: Partial<PineconeMemoryProviderOptions> = {}): Promise<PineconeMemoryProvider> {
  const provider = await PineconeMemoryProvider.open({
    apiKey: fixture.apiKey,
    controllerHost: fixture.server.controlUrl,
    namespace: freshNamespace(),
    ...options,
  });
  opened.push(provider);
  return provider;
}

async function failure(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: Error) => error,
  );
}

beforeAll(async () => {
  fixture = await startPineconeFixture([
    { name: 'orkeon-memories', dimension: 3, metric: 'cosine' },
    { name: 'euclid', dimension: 3, metric: 'euclidean' },
    { name: 'warming-up', dimension: 3, ready: false },
    { name: 'documents', dimension: 3, documentIndex: true },
  ]);
}, 60_000);

afterEach(async () => {
  for (const provider of opened.splice(0)) await provider.close();
});

afterAll(async () => {
  await fixture.close();
});

describeMemoryProviderConformance(
  vitest,
  'PineconeMemoryProvider (the Pinecone client against the 2026-07 contract)',
  async () => {
    const provider = await PineconeMemoryProvider.open({
      apiKey: fixture.apiKey,
      controllerHost: fixture.server.controlUrl,
      namespace: freshNamespace(),
    });
    return { provider, dispose: () => provider.close() };
  },
);

describe('PineconeMemoryProvider through the Pinecone client', () => {
  it('resolves the host once through describe_index, then speaks only to the index host, with the key and API version', async () => {
    const before = fixture.server.requests.length;
    const provider = await open();
    await provider.store('a', item('one'));
    await provider.get('a');
    await provider.searchSimilar([1, 0, 0]);
    const sent = fixture.server.requests.slice(before);
    expect(sent.filter((request) => request.plane === 'control').map((request) => request.path)).toEqual([
      '/indexes/orkeon-memories',
    ]);
    expect(sent.slice(1).every((request) => request.plane === 'data')).toBe(true);
    expect(provider.host).toBe(`https://${fixture.server.hostOf('orkeon-memories')}`);
    expect(provider.dimension).toBe(3);
    for (const request of sent) {
      expect(request.headers['api-key']).toBe(fixture.apiKey);
      expect(request.headers['x-pinecone-api-version']).toBe('2026-07');
    }
    const query = sent.find((request) => request.path === '/query')?.body;
    expect(query).toEqual({
      namespace: provider.namespace,
      topK: 10,
      filter: { orkeon_vector: { $eq: true } },
      includeValues: true,
      includeMetadata: true,
      vector: [1, 0, 0],
    });
  });

  it('with Host given, never calls the control plane and learns the dimension from the index stats', async () => {
    const before = fixture.server.requests.length;
    const provider = await open({
      host: fixture.server.hostOf('orkeon-memories'),
      controllerHost: 'https://127.0.0.1:9',
    });
    await provider.storeWithEmbedding('v', item('vector'), [0, 1, 0]);
    expect((await provider.searchSimilar([0, 1, 0]))[0]?.key).toBe('v');
    const sent = fixture.server.requests.slice(before);
    expect(sent.every((request) => request.plane === 'data')).toBe(true);
    expect(sent[0]?.path).toBe('/describe_index_stats');
    expect(provider.dimension).toBe(3);
  });

  it('keeps a memory without a vector under a placeholder no vector search returns', async () => {
    const provider = await open();
    await provider.store('plain', item('no vector', { metadata: { tags: ['map'] } }));
    const stored = fixture.server.index('orkeon-memories').namespaces.get(provider.namespace)?.get('plain');
    expect(stored?.values).toEqual([1, 0, 0]);
    expect(stored?.metadata).toMatchObject({ orkeon_vector: false, content: 'no vector', tags: ['map'] });
    expect(await provider.searchSimilar([1, 0, 0])).toEqual([]);
    expect(await provider.searchSimilar([1, 0, 0], { filter: { tags: ['map'] } })).toEqual([]);
    expect((await provider.get('plain'))?.embedding).toBeUndefined();
    await provider.storeWithEmbedding('plain', item('now with a vector', { metadata: { tags: ['map'] } }), [1, 0, 0]);
    expect((await provider.searchSimilar([1, 0, 0], { filter: { tags: ['map'] } })).map((hit) => hit.key)).toEqual([
      'plain',
    ]);
    expect((await provider.get('plain'))?.embedding).toEqual([1, 0, 0]);
  });

  it('filters in Pinecone’s language: type and source by $eq, every tag by $in', async () => {
    const provider = await open();
    await provider.storeWithEmbedding(
      'a',
      item('a', { type: 'entity', metadata: { tags: ['x', 'y'], source: 'crew' } }),
      [1, 0, 0],
    );
    await provider.storeWithEmbedding('b', item('b', { metadata: { tags: ['x'] } }), [1, 0.1, 0]);
    const before = fixture.server.requests.length;
    const found = await provider.searchSimilar([1, 0, 0], {
      filter: { type: 'entity', source: 'crew', tags: ['x', 'y'] },
    });
    expect(found.map((hit) => hit.key)).toEqual(['a']);
    expect(fixture.server.requests[before]?.body).toMatchObject({
      filter: {
        $and: [
          { orkeon_vector: { $eq: true } },
          { type: { $eq: 'entity' } },
          { source: { $eq: 'crew' } },
          { tags: { $in: ['x'] } },
          { tags: { $in: ['y'] } },
        ],
      },
    });
    expect((await provider.searchSimilar([1, 0, 0], { filter: { tags: ['x'] } })).map((hit) => hit.key)).toEqual([
      'a',
      'b',
    ]);
  });

  it('finds words by listing and fetching the namespace in pages, and refuses a namespace over the bound', async () => {
    const provider = await open({ wordSearchMaxRecords: 250 });
    await provider.storeMany(
      Array.from({ length: 250 }, (_, index) => ({
        key: `k${String(index).padStart(3, '0')}`,
        item: item(index === 7 ? 'Ada drinks tea.' : `note ${index} about Ada`),
      })),
    );
    const before = fixture.server.requests.length;
    const found = await provider.search('Ada tea', 2);
    expect(found.map((hit) => [hit.key, hit.score])).toEqual([
      ['k007', 1],
      ['k000', 0.5],
    ]);
    const sent = fixture.server.requests.slice(before);
    expect(sent.filter((request) => request.path === '/vectors/list')).toHaveLength(3);
    expect(
      sent.filter((request) => request.path === '/vectors/fetch').map((request) => request.query.ids?.length),
    ).toEqual([100, 100, 50]);
    await provider.store('k250', item('one too many'));
    const refused = await failure(provider.search('Ada'));
    expect(refused).toMatchObject({ code: 'PINECONE_MEMORY_WORD_SEARCH_TOO_LARGE' });
    expect(refused.message).toContain('searchSimilar');
  });

  it('refuses a memory whose metadata Pinecone would not keep, keeping nothing', async () => {
    const provider = await open();
    const refused = await failure(
      provider.storeMany([
        { key: 'small', item: item('fits') },
        { key: 'large', item: item('x'.repeat(41 * 1024)) },
      ]),
    );
    expect(refused).toMatchObject({ code: 'PINECONE_MEMORY_ITEM_TOO_LARGE' });
    expect(await provider.get('small')).toBeUndefined();
  });

  it('refuses a vector of another dimension than the index and a topK Pinecone cannot answer', async () => {
    const provider = await open();
    await expect(provider.storeWithEmbedding('two', item('two'), [1, 0])).rejects.toMatchObject({
      code: 'MEMORY_ITEM_INVALID',
    });
    expect(await provider.get('two')).toBeUndefined();
    await expect(provider.searchSimilar([1, 0, 0], { topK: 1001 })).rejects.toMatchObject({
      code: 'PINECONE_MEMORY_OPTIONS_INVALID',
    });
    expect(await provider.searchSimilar([1, 0, 0], { topK: 0 })).toEqual([]);
  });

  it('clears a namespace that never held anything (Pinecone answers 404) and reads vectors as 32-bit floats', async () => {
    const provider = await open();
    await provider.clear();
    await provider.storeWithEmbedding('f', item('floats'), [0.1, 0.2, 0.3]);
    expect((await provider.get('f'))?.embedding).toEqual([0.1, 0.2, 0.3].map(Math.fround));
    await provider.clear();
    expect(await provider.get('f')).toBeUndefined();
  });

  it('names the record that holds no memory', async () => {
    const provider = await open();
    // Another program writing into the namespace with the client.
    const shared = new Pinecone({ apiKey: fixture.apiKey }).index({
      host: provider.host,
      namespace: provider.namespace,
    });
    await shared.upsert({ records: [{ id: 'foreign', values: [1, 0, 0], metadata: { owner: 'someone' } }] });
    await expect(provider.get('foreign')).rejects.toMatchObject({ code: 'PINECONE_MEMORY_RECORD_INVALID' });
  });

  it('refuses an index it cannot use, saying why', async () => {
    await expect(open({ indexName: 'missing' })).rejects.toMatchObject({ code: 'PINECONE_MEMORY_INDEX_NOT_FOUND' });
    await expect(open({ indexName: 'euclid' })).rejects.toMatchObject({
      code: 'PINECONE_MEMORY_INDEX_UNSUITABLE',
      message: expect.stringContaining("'euclidean'"),
    });
    await expect(open({ indexName: 'warming-up' })).rejects.toMatchObject({
      code: 'PINECONE_MEMORY_INDEX_UNSUITABLE',
      message: expect.stringContaining('not ready'),
    });
    await expect(open({ indexName: 'documents' })).rejects.toMatchObject({
      code: 'PINECONE_MEMORY_INDEX_UNSUITABLE',
      message: expect.stringContaining('vectors API'),
    });
  });

  it('keeps the API key out of every message', async () => {
    const wrongKey = 'pcsk_wrong_key_that_must_not_show';
    const refused = await failure(open({ apiKey: wrongKey }));
    expect(refused).toMatchObject({ code: 'PINECONE_MEMORY_REQUEST_FAILED' });
    expect(refused.message).not.toContain(wrongKey);
    expect(JSON.stringify(refused)).not.toContain(wrongKey);
    const gone = await fixture.startServer([{ name: 'orkeon-memories', dimension: 3 }]);
    const provider = await open({ controllerHost: gone.controlUrl });
    await gone.close();
    const unreachable = await failure(provider.get('a'));
    expect(unreachable).toMatchObject({ code: 'PINECONE_MEMORY_UNAVAILABLE' });
    expect(unreachable.message).toContain(provider.host);
    expect(unreachable.message).not.toContain(fixture.apiKey);
    await expect(open({ controllerHost: gone.controlUrl })).rejects.toMatchObject({
      code: 'PINECONE_MEMORY_UNAVAILABLE',
      message: expect.stringContaining(gone.controlUrl),
    });
  });

  it('refuses options it cannot use, and use after close', async () => {
    await expect(open({ apiKey: ' ' })).rejects.toMatchObject({ code: 'PINECONE_MEMORY_OPTIONS_INVALID' });
    await expect(open({ indexName: 'Not_Valid' })).rejects.toMatchObject({ code: 'PINECONE_MEMORY_OPTIONS_INVALID' });
    await expect(open({ host: 'https://user:secret@example.test' })).rejects.toMatchObject({
      code: 'PINECONE_MEMORY_OPTIONS_INVALID',
      message: expect.not.stringContaining('secret'),
    });
    const provider = await open();
    await provider.close();
    await expect(provider.search('x')).rejects.toMatchObject({ code: 'PINECONE_MEMORY_CLOSED' });
  });
});

// The contract test double must refuse what the contract does not describe, or a client change would pass unnoticed.
describe('the Pinecone contract server', () => {
  const call = async (path: string, init: RequestInit = {}, key = fixture.apiKey) => {
    const response = await fetch(`https://${fixture.server.hostOf('orkeon-memories')}${path}`, {
      ...init,
      headers: { 'api-key': key, 'x-pinecone-api-version': '2026-07', 'content-type': 'application/json' },
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });

  it('answers 404 to a path or method it does not list, and 401 without the key', async () => {
    expect((await call('/vectors/update', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await call('/vectors/upsert')).status).toBe(404);
    expect((await call('/describe_index_stats', { method: 'POST', body: '{}' }, 'wrong')).status).toBe(401);
  });

  it('answers 400 to a body or parameter the contract does not describe', async () => {
    expect((await call('/query', { method: 'POST', body: '{oops' })).status).toBe(400);
    expect((await post('/query', { topK: 1, vector: [1, 0, 0], includeSparse: true })).status).toBe(400);
    expect((await post('/query', { topK: 1, id: 'a' })).status).toBe(400);
    expect((await post('/vectors/upsert', { vectors: [{ id: 'a', values: [1, 0] }] })).status).toBe(400);
    expect((await post('/vectors/upsert', { vectors: [{ id: 'a', values: [0, 0, 0] }] })).status).toBe(400);
    expect(
      (await post('/vectors/upsert', { vectors: [{ id: 'a', values: [1, 0, 0], metadata: { n: null } }] })).status,
    ).toBe(400);
    expect((await post('/query', { topK: 1, vector: [1, 0, 0], filter: { a: { $near: 1 } } })).status).toBe(400);
    expect((await call('/vectors/fetch?ids=a&namespaces=x')).status).toBe(400);
    expect((await call('/vectors/list?limit=101')).status).toBe(400);
    expect((await post('/vectors/delete', { ids: ['a'], deleteAll: true, namespace: 'x' })).status).toBe(400);
  });
});
