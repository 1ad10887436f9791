import {
  Configuration,
  coreSettingsSections,
  cosineSimilarity,
  createMemoryItem,
  createRuntime,
  type MemoryItemInput,
  ServiceCollection,
} from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describeMemoryProviderConformance } from '@orkeon/testing/conformance';
import pg from 'pg';
import * as vitest from 'vitest';
import { addSvcPostgresMemory, PostgresMemoryProvider, postgresMemorySettings } from '../src/index.js';
import { type MemoryStatement, similarSearchStatement, upsertStatement } from '../src/memory-statements.js';
import { memoryTableNames } from '../src/memory-table-names.js';
import { memoryTableStatements, postgresMemorySchemaVersion } from '../src/postgres-memory-schema.js';
import { type PgliteServer, startPgliteServer } from './pglite-server.js';

const { afterAll, beforeAll, describe, expect, it } = vitest;
const at = new Date(Date.UTC(2026, 0, 1, 9, 0, 0));
const item = (content: string, extra: Omit<MemoryItemInput, 'content'> = {}) =>
  createMemoryItem({ content, ...extra }, at);

let server: PgliteServer;

beforeAll(async () => {
  server = await startPgliteServer();
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describeMemoryProviderConformance(vitest, 'PostgresMemoryProvider (pgvector, PGlite)', async () => {
  // Its own pool of one connection, ended by close() before the next test's store connects.
  const provider = new PostgresMemoryProvider({
    connectionString: server.connectionString,
    maxConnections: 1,
    table: freshTable('conformance'),
    logger: captureLogger().logger,
  });
  return {
    provider,
    dispose: async () => {
      await provider.close();
      await server.disconnected();
    },
  };
});

let tableCounter = 0;
function freshTable(purpose: string): string {
  return `${purpose}_${tableCounter++}`;
}

/**
 * Runs `work` with one pool of one connection, shared by the store under test and the
 * test's own queries: PGlite serves a single connection.
 */
async function withPool(work: (pool: pg.Pool) => Promise<void>): Promise<void> {
  const pool = new pg.Pool({ connectionString: server.connectionString, max: 1 });
  try {
    await work(pool);
  } finally {
    await pool.end();
    await server.disconnected();
  }
}

async function columnType(pool: pg.Pool, table: string): Promise<string | undefined> {
  const result = await pool.query<{ type: string }>(
    `SELECT format_type(atttypid, atttypmod) AS type FROM pg_attribute
     WHERE attrelid = to_regclass($1::text) AND attname = 'embedding'`,
    [table],
  );
  return result.rows[0]?.type;
}

async function indexDefinition(pool: pg.Pool, index: string): Promise<string | undefined> {
  const result = await pool.query<{ indexdef: string }>('SELECT indexdef FROM pg_indexes WHERE indexname = $1', [
    index,
  ]);
  return result.rows[0]?.indexdef;
}

/** A reproducible vector of `dimensions` values in [-1, 1). */
function randomVector(seed: number, dimensions: number): number[] {
  let state = seed * 2654435761;
  return Array.from({ length: dimensions }, () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x6d2b79f5) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  });
}

describe('PostgresMemoryProvider with pgvector (PGlite over the wire protocol)', () => {
  it('fixes the vector column and builds the HNSW index at the first vector, and refuses another length', async () => {
    await withPool(async (pool) => {
      const table = freshTable('learned');
      const logs = captureLogger();
      const provider = new PostgresMemoryProvider({ pool, table, logger: logs.logger });
      await provider.start();
      expect(await columnType(pool, table)).toBe('vector');
      expect(await indexDefinition(pool, `${table}_embedding_hnsw`)).toBeUndefined();
      expect(await provider.searchSimilar([1, 0, 0])).toEqual([]);

      await provider.storeWithEmbedding('a', item('alpha'), [1, 0, 0]);
      expect(await columnType(pool, table)).toBe('vector(3)');
      expect(await indexDefinition(pool, `${table}_embedding_hnsw`)).toMatch(
        /USING hnsw \(embedding vector_cosine_ops\)/,
      );
      await expect(provider.storeWithEmbedding('b', item('beta'), [1, 0, 0, 0])).rejects.toMatchObject({
        code: 'MEMORY_ITEM_INVALID',
        message: expect.stringMatching(/vector of 4 dimensions, and table '.*' holds vectors of 3/),
      });
      expect(await provider.get('b')).toBeUndefined();
      await expect(provider.searchSimilar([1, 0])).rejects.toThrow(/query vector has 2 dimensions.*have 3/);
      await expect(
        provider.storeMany([
          { key: 'c', item: item('gamma', { embedding: [0, 1, 0] }) },
          { key: 'd', item: item('delta', { embedding: [0, 1] }) },
        ]),
      ).rejects.toThrow(/vector of 2 dimensions/);
      expect(await provider.get('c')).toBeUndefined();
      expect(logs.records().filter((record) => record.level === 40)).toEqual([]);
      await provider.close();
    });
  });

  it('searches through the HNSW index, with the filter in SQL, and finds what an exact scan finds', async () => {
    await withPool(async (pool) => {
      const table = freshTable('indexed');
      const dimensions = 16;
      const provider = new PostgresMemoryProvider({ pool, table, dimensions, logger: captureLogger().logger });
      const entries = Array.from({ length: 3000 }, (_, index) => ({
        key: `m${index}`,
        item: item(`memory ${index}`, {
          type: index % 25 === 0 ? 'episodic' : 'longTerm',
          embedding: randomVector(index + 1, dimensions),
        }),
      }));
      await provider.storeMany(entries);
      const query = randomVector(99_999, dimensions);
      const exact = (type?: string) =>
        entries
          .filter((entry) => type === undefined || entry.item.type === type)
          .map((entry) => ({ key: entry.key, score: cosineSimilarity(query, entry.item.embedding ?? []) }))
          .sort((a, b) => b.score - a.score)
          .slice(0, 10)
          .map((hit) => hit.key);

      const found = await provider.searchSimilar(query, { topK: 10 });
      expect(found).toHaveLength(10);
      expect(found[0]?.key).toBe(exact()[0]);
      expect(found.filter((hit) => exact().includes(hit.key)).length).toBeGreaterThanOrEqual(9);
      expect(
        Math.abs(
          (found[0]?.score ?? 0) -
            cosineSimilarity(query, entries[Number(found[0]?.key.slice(1))]?.item.embedding ?? []),
        ),
      ).toBeLessThan(1e-5);
      // 120 of 3,000 are episodic: the iterative index scan goes on until ten of them are found.
      const episodic = await provider.searchSimilar(query, { topK: 10, filter: { type: 'episodic' } });
      expect(episodic.map((hit) => hit.item.type)).toEqual(Array(10).fill('episodic'));
      expect(episodic.filter((hit) => exact('episodic').includes(hit.key)).length).toBeGreaterThanOrEqual(9);

      // The statement the store runs, explained: the planner orders by distance through the index.
      const layout = {
        names: memoryTableNames(table),
        storage: { kind: 'pgvector', schema: 'public', version: await pgvectorVersion(pool) },
        hnswIndex: true,
      } as const;
      const vector = `[${query.join(',')}]`;
      // A server's autovacuum gathers the statistics the planner weighs a filter with; PGlite has none.
      await pool.query(`ANALYZE ${table}`);
      for (const filter of [undefined, { type: 'longTerm' as const }]) {
        const plan = await explain(
          pool,
          similarSearchStatement(layout, { vector, norm: 1, topK: 10, minScore: 0, filter }),
        );
        expect(plan).toContain(`Index Scan using ${table}_embedding_hnsw on ${table}`);
        expect(plan).toContain('Order By: (embedding <=> ');
      }
      // Through the index even where the planner would scan: the store's settings make a selective filter get topK.
      const selective = similarSearchStatement(layout, {
        vector,
        norm: 1,
        topK: 10,
        minScore: 0,
        filter: { type: 'episodic' },
      });
      expect(await rowsThroughIndex(pool, selective, `${table}_embedding_hnsw`)).toBe(10);
      expect(await rowsThroughIndex(pool, { ...selective, settings: [] }, `${table}_embedding_hnsw`)).toBeLessThan(10);
      await provider.close();
    });
  });

  it('converts the real[] table of a server without pgvector, keeping its memories', async () => {
    await withPool(async (pool) => {
      const table = freshTable('converted');
      const names = memoryTableNames(table);
      // The layout the store writes where the server has no pgvector, with two memories in it.
      for (const statement of memoryTableStatements(names, 'real[]')) await pool.query(statement);
      await pool.query(`INSERT INTO ${names.versionTable} (version, dimensions) VALUES ($1, 3)`, [
        postgresMemorySchemaVersion,
      ]);
      const north = item('north', { embedding: [1, 0, 0] });
      await pool.query(upsertStatement({ names, storage: { kind: 'real-array' }, hnswIndex: false }), [
        ['north', 'plain'],
        ['north', 'no vector'],
        [JSON.stringify({ ...north, content: undefined, embedding: undefined }), JSON.stringify(item('no vector'))],
        ['{1,0,0}', null],
      ]);
      expect(await columnType(pool, table)).toBe('real[]');

      const logs = captureLogger();
      const provider = new PostgresMemoryProvider({ pool, table, logger: logs.logger });
      await provider.start();
      expect(await columnType(pool, table)).toBe('vector(3)');
      expect(await indexDefinition(pool, `${table}_embedding_hnsw`)).toMatch(/hnsw/);
      expect(await provider.get('north')).toEqual(north);
      expect((await provider.searchSimilar([1, 0.1, 0])).map((hit) => hit.key)).toEqual(['north']);
      expect(logs.records().find((record) => record.converted === 'real[] to vector')).toBeDefined();
      await provider.close();
    });
  });

  it('Dimensions fixes the column at start; a table of another length refuses the start; VectorIndex none builds no index', async () => {
    await withPool(async (pool) => {
      const table = freshTable('configured');
      const provider = new PostgresMemoryProvider({ pool, table, dimensions: 4, logger: captureLogger().logger });
      await provider.start();
      expect(await columnType(pool, table)).toBe('vector(4)');
      expect(await indexDefinition(pool, `${table}_embedding_hnsw`)).toMatch(/hnsw/);
      await provider.close();
      const other = new PostgresMemoryProvider({ pool, table, dimensions: 5, logger: captureLogger().logger });
      await expect(other.start()).rejects.toMatchObject({
        code: 'POSTGRES_MEMORY_DIMENSIONS_CONFLICT',
        message: expect.stringMatching(/Dimensions is 5, and memory table '.*' holds vectors of 4/),
      });

      const plain = freshTable('unindexed');
      const exact = new PostgresMemoryProvider({
        pool,
        table: plain,
        dimensions: 3,
        vectorIndex: 'none',
        logger: captureLogger().logger,
      });
      await exact.storeWithEmbedding('east', item('east'), [0, 1, 0]);
      expect(await columnType(pool, plain)).toBe('vector(3)');
      expect(await indexDefinition(pool, `${plain}_embedding_hnsw`)).toBeUndefined();
      expect((await exact.searchSimilar([0, 1, 0]))[0]).toMatchObject({ key: 'east', score: 1 });
      await exact.close();
    });
  });

  it('is the store of Memory:Provider pgvector through addSvcPostgresMemory and createRuntime, closed with the runtime', async () => {
    const table = freshTable('runtime');
    const configuration = Configuration.fromObject(
      {
        Memory: { Provider: 'pgvector' },
        Svc: { Memory: { Postgres: { ConnectionString: server.connectionString, Table: table, MaxConnections: 1 } } },
      },
      [...coreSettingsSections, postgresMemorySettings],
    );
    const logs = captureLogger();
    const runtime = await createRuntime({
      services: addSvcPostgresMemory(new ServiceCollection(), configuration),
      configuration,
      logger: logs.logger,
    });
    const memory = await runtime.memory.get();
    expect(memory).toBeInstanceOf(PostgresMemoryProvider);
    expect(await runtime.memory.get('postgresql')).toBe(memory);
    await memory.storeWithEmbedding('tea', item('Ada drinks green tea.'), [0.5, 0.5]);
    expect((await memory.searchSimilar([1, 1]))[0]).toMatchObject({ key: 'tea' });
    expect((await memory.search('green tea'))[0]).toMatchObject({ key: 'tea', score: 1 });
    expect(logs.records().find((record) => record.pgvector !== undefined)).toMatchObject({ table, level: 30 });
    await runtime.dispose();
    // The runtime's pool was ended: the server holds no connection, and the next one gets in.
    await server.disconnected();
    await withPool(async (pool) => {
      const rows = await pool.query(`SELECT key FROM ${table}`);
      expect(rows.rows).toEqual([{ key: 'tea' }]);
    });
  });
});

/** The plan of `statement`, run with its settings as the store runs it. */
async function explain(pool: pg.Pool, statement: MemoryStatement): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const setting of statement.settings) await client.query(setting);
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values);
    await client.query('COMMIT');
    return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

/** How many rows `statement` gives when the planner may not scan the table (its plan is checked to use `index`). */
async function rowsThroughIndex(pool: pg.Pool, statement: MemoryStatement, index: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL enable_seqscan = off');
    for (const setting of statement.settings) await client.query(setting);
    const plan = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.text}`, statement.values);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain(`Index Scan using ${index}`);
    const rows = await client.query(statement.text, statement.values);
    await client.query('ROLLBACK');
    return rows.rowCount ?? 0;
  } finally {
    client.release();
  }
}

async function pgvectorVersion(pool: pg.Pool): Promise<string> {
  const result = await pool.query<{ extversion: string }>(
    "SELECT extversion FROM pg_extension WHERE extname = 'vector'",
  );
  return result.rows[0]?.extversion ?? '';
}
