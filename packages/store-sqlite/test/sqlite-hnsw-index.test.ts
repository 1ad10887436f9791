import { join } from 'node:path';
import {
  Configuration,
  coreSettingsSections,
  createMemoryItem,
  createRuntime,
  type MemoryProvider,
  ServiceCollection,
  type SettingsTree,
} from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSvcSqliteMemory, SqliteMemoryProvider, sqliteMemorySettings } from '../src/index.js';

let folder: TemporaryDirectory;
beforeEach(async () => {
  folder = await createTemporaryDirectory('orkeon-sqlite-hnsw-');
});
afterEach(async () => {
  await folder.remove();
});

/** Seeded vectors (mulberry32), the same on every run. */
function vectors(count: number, dimensions: number, seed: number): number[][] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5;
  };
  return Array.from({ length: count }, () => Array.from({ length: dimensions }, next));
}

async function fill(
  provider: MemoryProvider,
  rows: readonly number[][],
  tagged: (row: number) => boolean = () => false,
) {
  await provider.storeMany?.(
    rows.map((embedding, row) => ({
      key: `m${row}`,
      item: {
        ...createMemoryItem({ content: `memory ${row}`, metadata: { tags: tagged(row) ? ['rare'] : [] } }),
        embedding,
      },
    })),
  );
}

describe('SqliteMemoryProvider with vectorIndex hnsw', () => {
  it('builds the graph past approximateFrom vectors and answers as the exact search does, with exact scores', async () => {
    const path = join(folder.path, 'memory.db');
    const rows = vectors(2_000, 32, 7);
    const queries = vectors(30, 32, 8);
    await using exact = new SqliteMemoryProvider({ path });
    await using approximate = new SqliteMemoryProvider({ path, vectorIndex: 'hnsw', approximateFrom: 1_000 });
    await fill(approximate, rows.slice(0, 999));
    await approximate.searchSimilar(queries[0] as number[]);
    expect(await approximate.hasVectorIndex()).toBe(false);
    await fill(approximate, rows);
    expect(await approximate.hasVectorIndex()).toBe(true);
    expect(await exact.hasVectorIndex()).toBe(false);
    let found = 0;
    for (const query of queries) {
      const truth = await exact.searchSimilar(query, { topK: 10 });
      const hits = await approximate.searchSimilar(query, { topK: 10 });
      const scores = new Map(truth.map((hit) => [hit.key, hit.score]));
      found += hits.filter((hit) => scores.has(hit.key)).length;
      for (const hit of hits) if (scores.has(hit.key)) expect(hit.score).toBe(scores.get(hit.key));
      expect(hits.map((hit) => hit.score)).toEqual([...hits.map((hit) => hit.score)].sort((a, b) => b - a));
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
  });

  it('keeps the graph in step with writes, deletes and minScore, and finds the few rows a narrow filter keeps', async () => {
    const rows = vectors(1_500, 16, 11);
    await using memory = new SqliteMemoryProvider({
      path: join(folder.path, 'memory.db'),
      vectorIndex: 'hnsw',
      approximateFrom: 100,
    });
    await fill(memory, rows, (row) => row % 500 === 0);
    // Each stored vector finds itself first (the graph is approximate: nearly always, not always).
    let foundItself = 0;
    for (let row = 0; row < 50; row++)
      if ((await memory.searchSimilar(rows[row] as number[], { topK: 1 }))[0]?.key === `m${row}`) foundItself++;
    expect(foundItself).toBeGreaterThanOrEqual(48);
    expect(await memory.hasVectorIndex()).toBe(true);
    const query = rows[42] as number[];
    // Three rows of 1,500 carry the tag: far fewer than the graph's first candidates hold.
    const rare = await memory.searchSimilar(query, { topK: 10, minScore: -1, filter: { tags: ['rare'] } });
    expect(rare.map((hit) => hit.key).sort()).toEqual(['m0', 'm1000', 'm500']);
    expect(await memory.delete('m42')).toBe(true);
    expect((await memory.searchSimilar(query, { topK: 5 })).map((hit) => hit.key)).not.toContain('m42');
    await memory.storeWithEmbedding('moved', createMemoryItem({ content: 'moved' }), query);
    const close = await memory.searchSimilar(query, { topK: 10, minScore: 0.999 });
    expect(close.map((hit) => hit.key)).toEqual(['moved']);
    expect(close[0]?.score).toBeCloseTo(1, 12);
    await memory.clear();
    expect(await memory.searchSimilar(query)).toEqual([]);
    expect(await memory.hasVectorIndex()).toBe(false);
  });

  it('rebuilds the graph after another connection writes to the file', async () => {
    const path = join(folder.path, 'memory.db');
    const rows = vectors(300, 8, 3);
    await using reader = new SqliteMemoryProvider({ path, vectorIndex: 'hnsw', approximateFrom: 200 });
    await using writer = new SqliteMemoryProvider({ path });
    await fill(writer, rows);
    expect(await reader.hasVectorIndex()).toBe(true);
    const far = rows[0]?.map((value) => -value) as number[];
    await writer.storeWithEmbedding('far', createMemoryItem({ content: 'far' }), far);
    expect((await reader.searchSimilar(far, { topK: 1 }))[0]?.key).toBe('far');
  });

  it('refuses option values it cannot use, naming them', () => {
    const path = join(folder.path, 'memory.db');
    expect(() => new SqliteMemoryProvider({ path, vectorIndex: 'ivf' as never })).toThrow(
      /'vectorIndex'.*'exact' or 'hnsw'/,
    );
    expect(() => new SqliteMemoryProvider({ path, approximateFrom: 0 })).toThrow(/'approximateFrom'/);
  });
});

describe('Svc:Memory:Sqlite:VectorIndex', () => {
  const sections = [...coreSettingsSections, sqliteMemorySettings];
  const configuration = (sqlite: SettingsTree) =>
    Configuration.fromObject({ Memory: { Provider: 'sqlite' }, Svc: { Memory: { Sqlite: sqlite } } }, sections);

  it('gives createRuntime a SQLite store that searches through the graph when set to hnsw, and exactly by default', async () => {
    const rows = vectors(60, 8, 5);
    for (const [settings, graph] of [
      [{ Path: 'graph.db', VectorIndex: 'hnsw', ApproximateFrom: 50 }, true],
      [{ Path: 'exact.db', ApproximateFrom: 50 }, false],
    ] as const) {
      const config = configuration(settings);
      const services = addSvcSqliteMemory(new ServiceCollection(), config, { baseDirectory: folder.path });
      await using runtime = await createRuntime({ services, configuration: config });
      const memory = (await runtime.memory.get()) as SqliteMemoryProvider;
      await fill(memory, rows);
      const found = (await memory.searchSimilar(rows[9] as number[], { topK: 5 })).map((hit) => hit.key);
      // Exact search answers the stored vector first; the graph is approximate (its levels are drawn at
      // random), so it is held to finding it among the nearest few.
      if (graph) expect(found).toContain('m9');
      else expect(found[0]).toBe('m9');
      expect(await memory.hasVectorIndex()).toBe(graph);
    }
  });

  it('refuses an unknown index at start', () => {
    expect(() => configuration({ VectorIndex: 'ivf' })).toThrow(/VectorIndex/);
    expect(() => configuration({ ApproximateFrom: 0 })).toThrow(/ApproximateFrom/);
  });
});
