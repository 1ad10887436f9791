import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChromaContractServer, startChromaContractServer } from './contract/chroma-contract-server.js';

let server: ChromaContractServer;
const collections = '/api/v2/tenants/default_tenant/databases/default_database/collections';

beforeAll(async () => {
  server = await startChromaContractServer();
});

afterAll(async () => {
  await server.close();
});

async function call(method: string, path: string, body?: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  return { status: response.status, body: await response.json() };
}

async function createdCollection(name: string): Promise<string> {
  const created = await call(
    'POST',
    collections,
    JSON.stringify({ name, configuration: { hnsw: { space: 'cosine' } }, get_or_create: true }),
  );
  return (created.body as { id: string }).id;
}

// The contract test double must refuse what the contract does not describe, or a client change would pass unnoticed.
describe('the ChromaDB contract server', () => {
  it('answers 404 to a path or method the contract does not list', async () => {
    expect((await call('GET', '/api/v1/heartbeat')).status).toBe(404);
    expect((await call('GET', `${collections}/orkeon_memories`)).status).toBe(404);
    const id = await createdCollection('strict_paths');
    expect((await call('POST', `${collections}/${id}/add`, '{}')).status).toBe(404);
    expect((await call('POST', `${collections}/not-an-id/get`, '{}')).status).toBe(404);
    expect((await call('POST', '/api/v2/tenants/other/databases/default_database/collections', '{}')).status).toBe(404);
  });

  it('answers 400 to a body the contract does not describe', async () => {
    const id = await createdCollection('strict_bodies');
    const records = `${collections}/${id}`;
    expect(await call('POST', `${records}/get`, '{not json')).toMatchObject({
      status: 400,
      body: { error: 'InvalidArgumentError' },
    });
    expect((await call('POST', `${records}/get`, JSON.stringify({ include: ['vectors'] }))).status).toBe(400);
    expect((await call('POST', `${records}/get`, JSON.stringify({ unknown_field: true }))).status).toBe(400);
    expect((await call('POST', `${records}/upsert`, JSON.stringify({ ids: ['a'] }))).status).toBe(400);
    expect(
      (await call('POST', `${records}/upsert`, JSON.stringify({ ids: ['a', 'b'], embeddings: [[1, 0]] }))).status,
    ).toBe(400);
    expect((await call('POST', `${records}/upsert`, JSON.stringify({ ids: ['a'], embeddings: ['AAA'] }))).status).toBe(
      400,
    );
    expect((await call('POST', `${records}/get`, JSON.stringify({ where: { type: 'a', source: 'b' } }))).status).toBe(
      400,
    );
    expect(
      (await call('POST', `${records}/get`, JSON.stringify({ where_document: { $or: [{ $contains: 'a' }] } }))).status,
    ).toBe(400);
    expect(
      (await call('POST', collections, JSON.stringify({ name: 'with_schema', schema: { keys: {} } }))).status,
    ).toBe(400);
    expect((await call('POST', collections, JSON.stringify({ name: 'no' }))).status).toBe(400);
  });

  it('keeps one vector length per collection, merges metadata on upsert and orders by cosine distance', async () => {
    const id = await createdCollection('semantics');
    const records = `${collections}/${id}`;
    const upsert = (body: unknown) => call('POST', `${records}/upsert`, JSON.stringify(body));
    await upsert({
      ids: ['a', 'b'],
      embeddings: [
        [1, 0],
        [0, 1],
      ],
      metadatas: [{ x: 1, y: 2 }, { x: 3 }],
    });
    expect((await upsert({ ids: ['c'], embeddings: [[1, 0, 0]] })).status).toBe(400);
    await upsert({ ids: ['a'], embeddings: [[1, 0]], metadatas: [{ y: 5 }] });
    const read = await call('POST', `${records}/get`, JSON.stringify({ ids: ['a'], include: ['metadatas'] }));
    expect(read.body).toMatchObject({ ids: ['a'], metadatas: [{ x: 1, y: 5 }] });
    const query = await call(
      'POST',
      `${records}/query`,
      JSON.stringify({ query_embeddings: [[1, 0.1]], n_results: 2, include: ['distances'] }),
    );
    expect(query.body).toMatchObject({ ids: [['a', 'b']] });
  });
});
