// Vector memory at scale: a generated corpus of 100,000 vectors of 384 dimensions (1,000
// clusters with noise, as sentence embeddings group by topic), 200 queries near the corpus.
// For each store: ingestion in items/s (storeMany in batches of 1,000), queries/s of
// searchSimilar(topK 10) one after another, and recall@10 against exact search. The anchor
// is a plain Float32Array scan in this process (the exact answer, and the time the SQLite
// store's exact search is compared with). Goals: recall@10 ≥ 0.95 at ≥ 1,000 queries/s for
// the approximate indexes; SQLite exact search within 2× of the plain scan.
// `npm run bench -- memory` (about 12 minutes; ORKEON_BENCH_MEMORY_ITEMS=20000 for a quick run,
// ORKEON_BENCH_MEMORY_STORES=sqlite,sqlite-hnsw,pgvector,lancedb to choose the stores).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { createMemoryItem, type MemoryItem, type MemoryProvider } from '@orkeon/core';
import { LanceDbMemoryProvider } from '@orkeon/memory-lancedb';
import { PostgresMemoryProvider } from '@orkeon/memory-postgres';
import { SqliteMemoryProvider } from '@orkeon/store-sqlite';

const items = Number(process.env.ORKEON_BENCH_MEMORY_ITEMS ?? 100_000);
const dimensions = 384;
const clusters = 1_000;
const queries = 200;
const topK = 10;
const inFlight = 8;

/** A store under test: how to open it in a folder, and what it is. */
export interface MemoryBenchStore {
  readonly name: string;
  /** Exact or approximate, and which index. */
  readonly search: string;
  open(folder: string): Promise<{ provider: MemoryProvider; afterIngest?(): Promise<void>; close(): Promise<void> }>;
}

export interface MemoryStoreMeasure {
  readonly name: string;
  readonly search: string;
  readonly ingestPerSecond: number;
  readonly queriesPerSecond: number;
  /** With `inFlight` queries at once (stores that work outside the JavaScript thread gain). */
  readonly queriesPerSecondConcurrent: number;
  readonly recallAt10: number;
}

export interface MemoryMeasure {
  readonly items: number;
  readonly plainScanQueriesPerSecond: number;
  readonly stores: readonly MemoryStoreMeasure[];
}

/** A small seeded generator (mulberry32): the same corpus on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function corpus(): { vectors: Float32Array; queries: Float32Array } {
  const next = random(42);
  const centroids = new Float32Array(clusters * dimensions).map(() => next() * 2 - 1);
  const vectors = new Float32Array(items * dimensions);
  for (let row = 0; row < items; row++) {
    const centroid = Math.floor(next() * clusters);
    for (let d = 0; d < dimensions; d++)
      vectors[row * dimensions + d] = (centroids[centroid * dimensions + d] as number) + (next() - 0.5) * 0.8;
  }
  const near = new Float32Array(queries * dimensions);
  for (let row = 0; row < queries; row++) {
    const base = Math.floor(next() * items);
    for (let d = 0; d < dimensions; d++)
      near[row * dimensions + d] = (vectors[base * dimensions + d] as number) + (next() - 0.5) * 0.4;
  }
  return { vectors, queries: near };
}

/** The exact top 10 by cosine, the plain way: one pass over one Float32Array. */
function plainScan(vectors: Float32Array, norms: Float64Array, query: Float32Array): number[] {
  let queryNorm = 0;
  for (let d = 0; d < dimensions; d++) queryNorm += (query[d] as number) ** 2;
  queryNorm = Math.sqrt(queryNorm);
  const best: { row: number; score: number }[] = [];
  for (let row = 0; row < items; row++) {
    let dot = 0;
    const offset = row * dimensions;
    for (let d = 0; d < dimensions; d++) dot += (vectors[offset + d] as number) * (query[d] as number);
    const score = dot / ((norms[row] as number) * queryNorm);
    if (best.length === topK && score <= (best[topK - 1]?.score ?? -2)) continue;
    let at = best.length;
    while (at > 0 && score > (best[at - 1]?.score ?? -2)) at--;
    best.splice(at, 0, { row, score });
    if (best.length > topK) best.pop();
  }
  return best.map((hit) => hit.row);
}

const at = new Date(Date.UTC(2026, 0, 1));
function item(row: number): MemoryItem {
  return createMemoryItem({ id: `m${row}`, content: `memory ${row}` }, at);
}

export const sqliteBenchStore: MemoryBenchStore = {
  name: 'SQLite (`@orkeon/store-sqlite`)',
  search: 'exact (vectors held in process)',
  async open(folder) {
    const provider = new SqliteMemoryProvider({ path: join(folder, 'memory.db') });
    return { provider, close: () => provider.close() };
  },
};

export const sqliteHnswBenchStore: MemoryBenchStore = {
  name: 'SQLite with `VectorIndex: hnsw` (`@orkeon/store-sqlite` + `usearch`)',
  search: 'approximate (HNSW in process, cosine, exact rescoring)',
  async open(folder) {
    const provider = new SqliteMemoryProvider({ path: join(folder, 'memory.db'), vectorIndex: 'hnsw' });
    return {
      provider,
      // The graph is built on the first search past ApproximateFrom vectors.
      afterIngest: async () => {
        await provider.hasVectorIndex();
      },
      close: () => provider.close(),
    };
  },
};

export const pgvectorBenchStore: MemoryBenchStore = {
  name: 'PostgreSQL + pgvector (`@orkeon/memory-postgres` on PGlite)',
  search: 'approximate (HNSW, cosine)',
  async open() {
    // PGlite is PostgreSQL in WebAssembly with pgvector, served over the wire protocol: one connection.
    const database = await PGlite.create({ extensions: { vector } });
    const server = new PGLiteSocketServer({ db: database, port: 0, host: '127.0.0.1' });
    await server.start();
    const provider = new PostgresMemoryProvider({
      connectionString: `postgresql://postgres@${server.getServerConn()}/postgres`,
      maxConnections: 1,
      dimensions,
    });
    await provider.start();
    return {
      provider,
      async close() {
        await provider.close();
        await server.stop();
        await database.close();
      },
    };
  },
};

export const lanceDbBenchStore: MemoryBenchStore = {
  name: 'LanceDB embedded (`@orkeon/memory-lancedb`)',
  search: 'approximate (IVF_HNSW_SQ, cosine)',
  async open(folder) {
    const provider = new LanceDbMemoryProvider({ uri: join(folder, 'lancedb'), dimensions, indexThreshold: 0 });
    await provider.open();
    return {
      provider,
      // Built once after ingestion (the store builds it by itself past IndexThreshold rows).
      afterIngest: async () => {
        await provider.createVectorIndex();
      },
      close: () => provider.close(),
    };
  },
};

const allStores = {
  sqlite: sqliteBenchStore,
  'sqlite-hnsw': sqliteHnswBenchStore,
  pgvector: pgvectorBenchStore,
  lancedb: lanceDbBenchStore,
};

/** The stores ORKEON_BENCH_MEMORY_STORES names (comma-separated keys of `allStores`), else all. */
function chosenStores(): MemoryBenchStore[] {
  const names = process.env.ORKEON_BENCH_MEMORY_STORES?.split(',').map((name) => name.trim()) ?? Object.keys(allStores);
  return names.map((name) => {
    const store = allStores[name as keyof typeof allStores];
    if (store === undefined)
      throw new Error(`ORKEON_BENCH_MEMORY_STORES names '${name}': use ${Object.keys(allStores).join(', ')}.`);
    return store;
  });
}

/** Queries per second of `pass` (one pass = every query once), repeated for at least `minimumSeconds`. */
async function perSecond(pass: () => Promise<void>, minimumSeconds = 2): Promise<number> {
  const started = performance.now();
  let passes = 0;
  do {
    await pass();
    passes++;
  } while (performance.now() - started < minimumSeconds * 1000);
  return (passes * queries) / ((performance.now() - started) / 1000);
}

export async function measureMemory(stores: readonly MemoryBenchStore[] = chosenStores()): Promise<MemoryMeasure> {
  const { vectors, queries: near } = corpus();
  const norms = new Float64Array(items);
  for (let row = 0; row < items; row++) {
    let sum = 0;
    for (let d = 0; d < dimensions; d++) sum += (vectors[row * dimensions + d] as number) ** 2;
    norms[row] = Math.sqrt(sum);
  }
  const query = (index: number) => near.subarray(index * dimensions, (index + 1) * dimensions);
  // Warm-up, then the anchor's time and the exact answers.
  for (let index = 0; index < 20; index++) plainScan(vectors, norms, query(index));
  const exact: number[][] = [];
  const scanStarted = performance.now();
  for (let index = 0; index < queries; index++) exact.push(plainScan(vectors, norms, query(index)));
  const plainScanQueriesPerSecond = queries / ((performance.now() - scanStarted) / 1000);

  const measures: MemoryStoreMeasure[] = [];
  for (const store of stores) {
    const folder = await mkdtemp(join(tmpdir(), 'orkeon-bench-memory-'));
    const opened = await store.open(folder);
    try {
      const provider = opened.provider;
      const ingestStarted = performance.now();
      process.stderr.write(`memory bench: ${store.name}: ingesting ${items} vectors\n`);
      for (let start = 0; start < items; start += 1_000) {
        const batch = [];
        for (let row = start; row < Math.min(items, start + 1_000); row++)
          batch.push({
            key: `m${row}`,
            item: { ...item(row), embedding: Array.from(vectors.subarray(row * dimensions, (row + 1) * dimensions)) },
          });
        if (provider.storeMany !== undefined) await provider.storeMany(batch);
        else for (const entry of batch) await provider.store(entry.key, entry.item);
      }
      await opened.afterIngest?.();
      const ingestPerSecond = items / ((performance.now() - ingestStarted) / 1000);
      const asList = (index: number) => Array.from(query(index));
      for (let index = 0; index < 20; index++) await provider.searchSimilar(asList(index), { topK });
      let found = 0;
      for (let index = 0; index < queries; index++) {
        const hits = await provider.searchSimilar(asList(index), { topK });
        const expected = new Set((exact[index] ?? []).map((row) => `m${row}`));
        found += hits.filter((hit) => expected.has(hit.key)).length;
      }
      // Passes over the queries for at least two seconds: a fast store's one pass is too short to time.
      const queriesPerSecond = await perSecond(async () => {
        for (let index = 0; index < queries; index++) await provider.searchSimilar(asList(index), { topK });
      });
      const queriesPerSecondConcurrent = await perSecond(async () => {
        for (let start = 0; start < queries; start += inFlight)
          await Promise.all(
            Array.from({ length: Math.min(inFlight, queries - start) }, (_, offset) =>
              provider.searchSimilar(asList(start + offset), { topK }),
            ),
          );
      });
      measures.push({
        name: store.name,
        search: store.search,
        ingestPerSecond,
        queriesPerSecond,
        queriesPerSecondConcurrent,
        recallAt10: found / (queries * topK),
      });
    } finally {
      await opened.close();
      await rm(folder, { recursive: true, force: true });
    }
  }
  return { items, plainScanQueriesPerSecond, stores: measures };
}

export function memorySection(measure: MemoryMeasure): string[] {
  const rows = measure.stores.map((store) => {
    const ratio = measure.plainScanQueriesPerSecond / store.queriesPerSecond;
    return `| ${store.name} | ${store.search} | ${Math.round(store.ingestPerSecond).toLocaleString('en-US')} | ${store.queriesPerSecond.toFixed(1)} | ${store.queriesPerSecondConcurrent.toFixed(1)} | ${ratio.toFixed(2)}× | ${store.recallAt10.toFixed(3)} |`;
  });
  return [
    '## Memory stores (vector search)',
    '',
    `${measure.items.toLocaleString('en-US')} generated vectors of ${dimensions} dimensions in ${clusters.toLocaleString('en-US')} clusters, ${queries} queries near the corpus, top ${topK}. Ingestion by \`storeMany\` in batches of 1,000; queries one after another, then ${inFlight} at a time. The anchor: a plain Float32Array scan in the same process, ${measure.plainScanQueriesPerSecond.toFixed(1)} queries/s (the exact answers recall is measured against). Goals: recall@10 ≥ 0.95 at ≥ 1,000 queries/s for approximate indexes; SQLite's exact search within 2× of the plain scan.`,
    '',
    'Ingestion counts until the store can answer: for LanceDB and SQLite with HNSW, building the index after the rows are in.',
    '',
    `| store | search | items/s ingested | queries/s | queries/s, ${inFlight} at once | time ÷ plain scan | recall@10 |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${memorySection(await measureMemory()).join('\n')}\n`);
}
