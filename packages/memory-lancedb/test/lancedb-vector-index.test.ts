import { join } from 'node:path';
import { connect } from '@lancedb/lancedb';
import { cosineSimilarity, createMemoryItem } from '@orkeon/core';
import { captureLogger, createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { LanceDbMemoryProvider } from '../src/index.js';

const dimensions = 32;
const folders: TemporaryDirectory[] = [];

afterEach(async () => {
  for (const folder of folders.splice(0)) await folder.remove();
});

async function newFolder(): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-lancedb-index-');
  folders.push(folder);
  return join(folder.path, 'lancedb');
}

/** Reproducible random vectors (a linear congruential generator), each component in [-0.5, 0.5). */
function randomVectors(count: number, seed: number): number[][] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
  return Array.from({ length: count }, () => Array.from({ length: dimensions }, next));
}

/** The keys of the `topK` vectors nearest `query` by cosine, computed here over every vector: the ground truth. */
function exactNearest(vectors: readonly number[][], query: readonly number[], topK: number): string[] {
  return vectors
    .map((vector, index) => ({ key: `v${index}`, score: cosineSimilarity(query, Float32Array.from(vector)) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, topK)
    .map((hit) => hit.key);
}

async function storeVectors(store: LanceDbMemoryProvider, vectors: readonly number[][], from: number, to: number) {
  await store.storeMany(
    vectors.slice(from, to).map((embedding, offset) => ({
      key: `v${from + offset}`,
      item: createMemoryItem({ content: `vector number ${from + offset}`, embedding }),
    })),
  );
}

describe('LanceDbMemoryProvider approximate vector index', () => {
  it('is built once the table passes IndexThreshold, and still finds the nearest memories (recall ≥ 0.9)', async () => {
    const uri = await newFolder();
    const logs = captureLogger();
    const store = new LanceDbMemoryProvider({ uri, indexThreshold: 2000, logger: logs.logger });
    const vectors = randomVectors(3000, 11);
    const queries = randomVectors(20, 97);

    await storeVectors(store, vectors, 0, 1500);
    expect(await store.hasVectorIndex()).toBe(false);
    // Below the threshold the search is exact.
    for (const query of queries.slice(0, 5)) {
      const found = (await store.searchSimilar(query, { topK: 10 })).map((hit) => hit.key);
      expect(found).toEqual(exactNearest(vectors.slice(0, 1500), query, 10));
    }

    await storeVectors(store, vectors, 1500, 2500);
    expect(await store.hasVectorIndex()).toBe(true);
    expect(logs.text()).toContain('built the approximate vector index');
    // Written after the index: searched too, without waiting for the index to take them in.
    await storeVectors(store, vectors, 2500, 3000);

    let hits = 0;
    for (const query of queries) {
      const found = await store.searchSimilar(query, { topK: 10 });
      const truth = exactNearest(vectors, query, 10);
      hits += found.filter((hit) => truth.includes(hit.key)).length;
      // The scores are exact cosine similarities, not the index's approximations.
      for (const hit of found) {
        const stored = vectors[Number(hit.key.slice(1))] as number[];
        expect(hit.score).toBeCloseTo(cosineSimilarity(query, Float32Array.from(stored)), 5);
      }
    }
    expect(hits / (10 * queries.length)).toBeGreaterThanOrEqual(0.9);
    const newest = vectors[2999] as number[];
    expect((await store.searchSimilar(newest, { topK: 1 }))[0]?.key).toBe('v2999');
    await store.close();

    // The index is LanceDB's own, on the vector column, with the cosine metric.
    const connection = await connect(uri);
    const table = await connection.openTable('orkeon_memories');
    const indices = await table.listIndices();
    expect(indices.map((index) => [index.indexType, index.columns])).toContainEqual(['IvfHnswSq', ['vector']]);
    expect((await table.indexStats('vector_idx'))?.distanceType).toBe('cosine');
    table.close();
    connection.close();
  });

  it('is built on createVectorIndex() whatever the size, and never by itself with IndexThreshold 0', async () => {
    const store = new LanceDbMemoryProvider({ uri: await newFolder(), indexThreshold: 0 });
    await expect(store.createVectorIndex()).rejects.toMatchObject({
      code: 'LANCEDB_MEMORY_OPERATION_FAILED',
      message: expect.stringContaining('no vectors'),
    });
    const vectors = randomVectors(300, 5);
    await storeVectors(store, vectors, 0, 300);
    expect(await store.hasVectorIndex()).toBe(false);
    expect(await store.createVectorIndex()).toBe(300);
    expect(await store.hasVectorIndex()).toBe(true);
    const query = vectors[42] as number[];
    const [best] = await store.searchSimilar(query, { topK: 1 });
    expect(best?.key).toBe('v42');
    expect(best?.score).toBeCloseTo(1, 5);
    await store.close();
  });
});
