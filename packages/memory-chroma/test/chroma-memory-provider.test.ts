import { createMemoryItem, type MemoryItemInput } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import { ChromaClient } from 'chromadb';
import * as vitest from 'vitest';
import { ChromaMemoryProvider } from '../src/index.js';
import { type ChromaContractServer, startChromaContractServer } from './contract/chroma-contract-server.js';

const { afterAll, afterEach, beforeAll, describe, expect, it, vi } = vitest;

let server: ChromaContractServer;
let collections = 0;
const freshCollection = () => `memories_${++collections}`;
const opened: ChromaMemoryProvider[] = [];
const item = (content: string, extra: Omit<MemoryItemInput, 'content'> = {}) => createMemoryItem({ content, ...extra });

async function open(options: Parameters<typeof ChromaMemoryProvider.open>[0] = {}): Promise<ChromaMemoryProvider> {
  const provider = await ChromaMemoryProvider.open({ url: server.url, collection: freshCollection(), ...options });
  opened.push(provider);
  return provider;
}

/** The chromadb client used directly, as another program sharing the server would. */
function rawClient(): ChromaClient {
  return new ChromaClient({ host: '127.0.0.1', port: server.port, ssl: false });
}

beforeAll(async () => {
  server = await startChromaContractServer();
});

afterEach(async () => {
  for (const provider of opened.splice(0)) await provider.close();
});

afterAll(async () => {
  await server.close();
});

describeMemoryProviderConformance(
  vitest,
  'ChromaMemoryProvider (the chromadb client against the REST API v2 contract)',
  async () => {
    const provider = await ChromaMemoryProvider.open({ url: server.url, collection: freshCollection() });
    return { provider, dispose: () => provider.close() };
  },
);

describe('ChromaMemoryProvider through the chromadb client', () => {
  it('opens with a heartbeat, creates both collections with cosine distance and no embedding function, and never loads an embedder', async () => {
    const warnings = vi.spyOn(console, 'warn');
    const before = server.requests.length;
    const provider = await open();
    await provider.store('plain', item('Ada likes tea.'));
    await provider.storeWithEmbedding('vector', item('Bob likes coffee.'), [1, 0]);
    await provider.search('tea');
    await provider.searchSimilar([1, 0]);
    const sent = server.requests.slice(before);
    expect(sent[0]).toMatchObject({ method: 'GET', path: '/api/v2/heartbeat' });
    expect(sent.filter((request) => request.path.endsWith('/collections')).map((request) => request.body)).toEqual([
      { name: provider.collection, configuration: { hnsw: { space: 'cosine' } }, get_or_create: true },
      { name: `${provider.collection}_text_only`, configuration: { hnsw: { space: 'cosine' } }, get_or_create: true },
    ]);
    expect(server.collection(provider.collection)?.embeddingFunction).toBeNull();
    expect(warnings).not.toHaveBeenCalled();
    warnings.mockRestore();
    // Every write carried its vector: the text-only memory sits under the one-number placeholder.
    expect(server.collection(`${provider.collection}_text_only`)?.records.get('plain')?.embedding).toEqual([1]);
    expect(server.collection(provider.collection)?.records.get('vector')?.embedding).toEqual([1, 0]);
    expect(server.collection(provider.collection)?.records.has('plain')).toBe(false);
  });

  it('keeps a key in one collection as its memory gains and loses a vector', async () => {
    const provider = await open();
    const vectors = () => server.collection(provider.collection)?.records;
    const textOnly = () => server.collection(`${provider.collection}_text_only`)?.records;
    await provider.store('k', item('first, no vector'));
    await provider.storeWithEmbedding('k', item('second, with a vector'), [0, 1]);
    expect([vectors()?.has('k'), textOnly()?.has('k')]).toEqual([true, false]);
    expect((await provider.get('k'))?.content).toBe('second, with a vector');
    await provider.store('k', item('third, no vector again'));
    expect([vectors()?.has('k'), textOnly()?.has('k')]).toEqual([false, true]);
    expect(await provider.get('k')).toMatchObject({ content: 'third, no vector again' });
    expect((await provider.get('k'))?.embedding).toBeUndefined();
    expect(await provider.searchSimilar([0, 1])).toEqual([]);
    expect(await provider.delete('k')).toBe(true);
    expect([vectors()?.has('k'), textOnly()?.has('k')]).toEqual([false, false]);
  });

  it('forgets the tags a replaced memory no longer carries, though ChromaDB merges metadata on upsert', async () => {
    const provider = await open();
    await provider.storeWithEmbedding('m', item('tagged', { metadata: { tags: ['old', 'kept'] } }), [1, 0]);
    await provider.storeWithEmbedding('m', item('retagged', { metadata: { tags: ['kept', 'new'] } }), [1, 0]);
    const keysWith = async (tags: string[]) =>
      (await provider.searchSimilar([1, 0], { filter: { tags } })).map((hit) => hit.key);
    expect(await keysWith(['old'])).toEqual([]);
    expect(await keysWith(['kept', 'new'])).toEqual(['m']);
    expect(server.collection(provider.collection)?.records.get('m')?.metadata).toMatchObject({
      'tag:old': false,
      'tag:kept': true,
      'tag:new': true,
    });
    expect((await provider.get('m'))?.metadata.tags).toEqual(['kept', 'new']);
  });

  it('finds words whatever their case, as whole words, scored by the share of the query found', async () => {
    const provider = await open();
    await provider.store('kettle', item('Steam rises from the kettle.'));
    await provider.store('drink', item('Ada drinks TEA every morning.'));
    await provider.storeWithEmbedding('sleep', item('ada sleeps late.'), [1, 0]);
    const found = await provider.search('Ada tea');
    expect(found.map((hit) => [hit.key, hit.score])).toEqual([
      ['drink', 1],
      ['sleep', 0.5],
    ]);
    expect(found[1]?.item.embedding).toEqual([1, 0]);
    expect((await provider.search('ADA')).map((hit) => hit.key)).toEqual(['drink', 'sleep']);
    const asked = server.requests.findLast((request) => request.path.endsWith('/get'))?.body as {
      where_document: unknown;
    };
    expect(asked.where_document).toEqual({ $or: [{ $contains: 'ADA' }, { $contains: 'ada' }, { $contains: 'Ada' }] });
    expect(await provider.search('steam', 0)).toEqual([]);
  });

  it('reads at most WordSearchMaxCandidates records per collection, and says so in the log', async () => {
    const logs = captureLogger();
    const provider = await open({ wordSearchMaxCandidates: 2, logger: logs.logger });
    for (const key of ['a', 'b', 'c']) await provider.store(key, item(`apple number ${key}`));
    expect(await provider.search('apple')).toHaveLength(2);
    expect(logs.text()).toContain('WordSearchMaxCandidates');
  });

  it('refuses a vector of another length than the collection holds, keeping nothing, even in a new store', async () => {
    const provider = await open();
    await provider.storeWithEmbedding('three', item('three numbers'), [1, 0, 0]);
    await expect(provider.storeWithEmbedding('two', item('two numbers'), [1, 0])).rejects.toMatchObject({
      code: 'MEMORY_ITEM_INVALID',
      message: expect.stringContaining('3'),
    });
    expect(await provider.get('two')).toBeUndefined();
    const again = await open({ collection: provider.collection });
    await expect(again.searchSimilar([1, 0])).rejects.toMatchObject({ code: 'MEMORY_ITEM_INVALID' });
    await expect(again.storeMany([{ key: 'two', item: item('two', { embedding: [0, 1] }) }])).rejects.toMatchObject({
      code: 'MEMORY_ITEM_INVALID',
    });
    expect((await again.searchSimilar([1, 0, 0])).map((hit) => hit.key)).toEqual(['three']);
  });

  it('stores many in batches the server allows, and clears both collections', async () => {
    const provider = await open();
    const before = server.requests.length;
    await provider.storeMany(
      Array.from({ length: 250 }, (_, index) => ({
        key: `k${index}`,
        item: item(`memory ${index}`, index % 2 === 0 ? { embedding: [1, index] } : {}),
      })),
    );
    const upserts = server.requests.slice(before).filter((request) => request.path.endsWith('/upsert'));
    expect(upserts.map((request) => (request.body as { ids: string[] }).ids.length)).toEqual([100, 25, 100, 25]);
    expect((await provider.get('k249'))?.content).toBe('memory 249');
    expect((await provider.get('k248'))?.embedding).toEqual([1, 248]);
    await provider.clear();
    expect(server.collection(provider.collection)?.records.size).toBe(0);
    expect(server.collection(`${provider.collection}_text_only`)?.records.size).toBe(0);
  });

  it('reads vectors back as ChromaDB keeps them, in 32-bit floats', async () => {
    const provider = await open();
    await provider.storeWithEmbedding('x', item('x'), [0.1, 0.7]);
    expect((await provider.get('x'))?.embedding).toEqual([Math.fround(0.1), Math.fround(0.7)]);
  });

  it('refuses an existing collection that measures another distance', async () => {
    const name = freshCollection();
    await rawClient().createCollection({ name, embeddingFunction: null, configuration: { hnsw: { space: 'l2' } } });
    await expect(ChromaMemoryProvider.open({ url: server.url, collection: name })).rejects.toMatchObject({
      code: 'CHROMA_MEMORY_COLLECTION_UNSUITABLE',
      message: expect.stringContaining("'l2'"),
    });
  });

  it('names the record that holds no memory', async () => {
    const provider = await open();
    const shared = await rawClient().getOrCreateCollection({ name: provider.collection, embeddingFunction: null });
    await shared.upsert({
      ids: ['foreign'],
      embeddings: [[1, 0]],
      documents: ['not ours'],
      metadatas: [{ owner: 'x' }],
    });
    await expect(provider.get('foreign')).rejects.toMatchObject({ code: 'CHROMA_MEMORY_RECORD_INVALID' });
    await expect(provider.searchSimilar([1, 0])).rejects.toMatchObject({ code: 'CHROMA_MEMORY_RECORD_INVALID' });
  });

  it('uses the tenant and database it is given, and says to check them when they do not exist', async () => {
    const team = await startChromaContractServer({ databases: { team: ['memories'] } });
    try {
      const provider = await ChromaMemoryProvider.open({ url: team.url, tenant: 'team', database: 'memories' });
      await provider.store('a', item('in the team database'));
      expect(team.requests.at(-1)?.path).toMatch(
        /^\/api\/v2\/tenants\/team\/databases\/memories\/collections\/[^/]+\//,
      );
      await provider.close();
      await expect(ChromaMemoryProvider.open({ url: team.url })).rejects.toMatchObject({
        code: 'CHROMA_MEMORY_REQUEST_FAILED',
        message: expect.stringContaining("tenant 'default_tenant' and database 'default_database' exist"),
      });
    } finally {
      await team.close();
    }
  });

  it('sends the token in the header the settings name and never quotes it', async () => {
    const token = 'chroma-secret-token-42';
    for (const [header, name] of [
      ['x-chroma-token', 'X-Chroma-Token'],
      ['authorization', 'Authorization'],
    ] as const) {
      const guarded = await startChromaContractServer({ token: { header, value: token } });
      try {
        const provider = await ChromaMemoryProvider.open({ url: guarded.url, authToken: token, authHeader: name });
        await provider.store('a', item('guarded'));
        expect((await provider.get('a'))?.content).toBe('guarded');
        const refused = await ChromaMemoryProvider.open({
          url: guarded.url,
          authToken: `${token}-wrong`,
          authHeader: name,
        }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refused).toMatchObject({ code: 'CHROMA_MEMORY_REQUEST_FAILED' });
        expect(String((refused as Error).message)).toContain('Unauthorized');
        expect(JSON.stringify(refused)).not.toContain(token);
        expect(String((refused as Error).message)).not.toContain(token);
      } finally {
        await guarded.close();
      }
    }
  });

  it('names the URL when the server does not answer, at open and afterwards', async () => {
    const gone = await startChromaContractServer();
    const { url } = gone;
    const provider = await ChromaMemoryProvider.open({ url });
    await gone.close();
    await expect(provider.get('a')).rejects.toMatchObject({
      code: 'CHROMA_MEMORY_UNAVAILABLE',
      message: expect.stringContaining(url),
    });
    await expect(ChromaMemoryProvider.open({ url })).rejects.toMatchObject({
      code: 'CHROMA_MEMORY_UNAVAILABLE',
      message: expect.stringContaining(`${url} did not answer`),
    });
  });

  it('refuses options it cannot use, and use after close', async () => {
    await expect(ChromaMemoryProvider.open({ url: 'http://admin:hunter22@localhost:8000' })).rejects.toMatchObject({
      code: 'CHROMA_MEMORY_OPTIONS_INVALID',
      message: expect.not.stringContaining('hunter22'),
    });
    await expect(ChromaMemoryProvider.open({ url: 'http://localhost:8000/chroma' })).rejects.toMatchObject({
      code: 'CHROMA_MEMORY_OPTIONS_INVALID',
    });
    await expect(ChromaMemoryProvider.open({ url: server.url, collection: 'a' })).rejects.toMatchObject({
      code: 'CHROMA_MEMORY_OPTIONS_INVALID',
    });
    await expect(ChromaMemoryProvider.open({ url: server.url, wordSearchMaxCandidates: 0 })).rejects.toMatchObject({
      code: 'CHROMA_MEMORY_OPTIONS_INVALID',
    });
    const provider = await open();
    await provider.close();
    await expect(provider.get('a')).rejects.toMatchObject({ code: 'CHROMA_MEMORY_CLOSED' });
    await expect(provider.store('a', item('late'))).rejects.toMatchObject({ code: 'CHROMA_MEMORY_CLOSED' });
  });
});
