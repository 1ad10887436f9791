import { join } from 'node:path';
import { createMemoryItem } from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import * as vitest from 'vitest';
import { LanceDbMemoryProvider } from '../src/index.js';
import { type LanceDbCloudTestServer, startLanceDbCloudTestServer } from './support/lancedb-cloud-test-server.js';

const { afterAll, beforeAll, describe, expect, it } = vitest;
const apiKey = 'sk-lancedb-test-9f8e7d6c5b4a';
const database = 'orkeon-test-db';
let folder: TemporaryDirectory;
let server: LanceDbCloudTestServer;
let tables = 0;

beforeAll(async () => {
  folder = await createTemporaryDirectory('orkeon-lancedb-cloud-');
  server = await startLanceDbCloudTestServer({ apiKey, database, folder: join(folder.path, 'server') });
});

afterAll(async () => {
  await server.close();
  await folder.remove();
});

/** A store on the stand-in, as LanceDB Cloud is reached: db://<database>, the key, a region, and the host. */
function cloudStore(options: { table?: string; key?: string; host?: string } = {}) {
  tables += 1;
  return new LanceDbMemoryProvider({
    uri: `db://${database}`,
    table: options.table ?? `memories_${tables}`,
    apiKey: options.key ?? apiKey,
    region: 'us-east-1',
    hostOverride: options.host ?? server.url,
  });
}

describeMemoryProviderConformance(vitest, 'LanceDbMemoryProvider (LanceDB Cloud REST)', async () => {
  const store = cloudStore();
  return { provider: store, dispose: () => store.close() };
});

describe('LanceDbMemoryProvider on LanceDB Cloud', () => {
  it('speaks REST with x-api-key and x-lancedb-database, Arrow IPC bodies, and keeps memories across reconnections', async () => {
    const before = server.requests.length;
    const first = cloudStore({ table: 'kept' });
    await first.storeWithEmbedding(
      "o'brien",
      createMemoryItem({ content: 'Green tea for the guest', metadata: { tags: ["it's"] } }),
      [1, 0],
    );
    await first.store('plain', createMemoryItem({ content: 'Coffee for Bob' }));
    await first.close();
    const again = cloudStore({ table: 'kept' });
    expect((await again.get("o'brien"))?.content).toBe('Green tea for the guest');
    expect((await again.searchSimilar([1, 0], { filter: { tags: ["it's"] } })).map((hit) => hit.key)).toEqual([
      "o'brien",
    ]);
    expect((await again.hybridSearch('coffee', [1, 0])).map((hit) => hit.key)).toEqual(["o'brien", 'plain']);
    expect(await again.delete('plain')).toBe(true);
    await again.close();

    const sent = server.requests.slice(before);
    for (const request of sent) {
      expect(request.headers['x-api-key']).toBe(apiKey);
      expect(request.headers['x-lancedb-database']).toBe(database);
    }
    const paths = new Set(sent.map((request) => `${request.method} ${request.path}`));
    for (const route of ['create', 'describe', 'merge_insert', 'query', 'add_columns', 'create_index', 'delete'])
      expect([...paths].some((path) => path === `POST /v1/table/kept/${route}/`)).toBe(true);
    const merge = sent.find((request) => request.path.endsWith('/merge_insert/'));
    expect(merge?.headers['content-type']).toBe('application/vnd.apache.arrow.stream');
    const vectorQuery = sent.find((request) => request.path.endsWith('/query/') && request.body.includes('"cosine"'));
    expect(JSON.parse(vectorQuery?.body ?? '{}')).toMatchObject({
      distance_type: 'cosine',
      filter: "array_has(tags, 'it''s')",
    });
  });

  it('never puts the API key in an error or a log line, even when the service echoes it', async () => {
    await using leaking = await startLanceDbCloudTestServer({
      apiKey: 'another-key-that-is-expected',
      database,
      folder: join(folder.path, 'leaking'),
      leakKeyInErrors: true,
    });
    const logs = captureLogger();
    const store = new LanceDbMemoryProvider({
      uri: `db://${database}`,
      apiKey,
      hostOverride: leaking.url,
      logger: logs.logger,
    });
    const failure = await store.get('x').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'LANCEDB_MEMORY_OPEN_FAILED' });
    const text = `${String((failure as Error).message)} ${String((failure as Error).cause)} ${JSON.stringify(failure)}`;
    expect(leaking.requests[0]?.headers['x-api-key']).toBe(apiKey);
    expect(text).toContain('invalid API key');
    expect(text).not.toContain(apiKey);
    expect(logs.text()).not.toContain(apiKey);
    await store.close();
  });
});
