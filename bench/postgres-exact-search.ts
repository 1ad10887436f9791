// Measures the two ways of exact cosine search where the server has no pgvector, on 10,000 memories of
// 384 dimensions: scoring in SQL (what PostgresMemoryProvider does) and streaming every vector into this
// process to score it here. Run from the repository root:
//   node --conditions=@orkeon/source --import tsx bench/postgres-exact-search.ts
import { cpus, loadavg } from 'node:os';
import { cosineSimilarity, createLogger, createMemoryItem } from '@orkeon/core';
import { PostgresMemoryProvider } from '@orkeon/memory-postgres';
import { startPostgresServer } from '@orkeon/testing';
import pg from 'pg';

const memories = 10_000;
const dimensions = 384;
const rounds = 7;

function randomVector(seed: number): number[] {
  let state = seed * 2654435761;
  return Array.from({ length: dimensions }, () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x6d2b79f5) >>> 0;
    return (state / 2 ** 32) * 2 - 1;
  });
}

/** The median time of each way, measured in turns so that a change of load on the machine touches both alike. */
async function medians(ways: readonly (() => Promise<unknown>)[]): Promise<number[]> {
  for (const way of ways) await way();
  const times = ways.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    for (const [index, way] of ways.entries()) {
      const start = performance.now();
      await way();
      times[index]?.push(performance.now() - start);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(rounds / 2)] ?? Number.NaN);
}

const server = await startPostgresServer();
const pool = new pg.Pool({ connectionString: server.connectionString, max: 2 });
const table = 'bench_memories';
const provider = new PostgresMemoryProvider({ pool, table, logger: createLogger({ level: 'error' }) });
try {
  for (let start = 0; start < memories; start += 1000) {
    await provider.storeMany(
      Array.from({ length: 1000 }, (_, offset) => ({
        key: `m${start + offset}`,
        item: createMemoryItem({ content: `memory ${start + offset}`, embedding: randomVector(start + offset + 1) }),
      })),
    );
  }
  await pool.query(`VACUUM ANALYZE ${table}`);
  const query = randomVector(123_456);

  const inSql = () => provider.searchSimilar(query, { topK: 10 });
  const streamed = async () => {
    const rows = await pool.query<{ key: string; embedding: number[] }>(
      `SELECT key, embedding FROM ${table} WHERE embedding IS NOT NULL`,
    );
    const best = rows.rows
      .map((row) => ({ key: row.key, score: cosineSimilarity(query, row.embedding) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10);
    await pool.query(`SELECT key, content, item, embedding FROM ${table} WHERE key = ANY ($1)`, [
      best.map((hit) => hit.key),
    ]);
  };
  const [sqlTime = Number.NaN, streamedTime = Number.NaN] = await medians([inSql, streamed]);
  const version = await pool.query<{ server_version: string }>('SHOW server_version');
  process.stdout.write(
    `${memories} memories of ${dimensions} dimensions, PostgreSQL ${version.rows[0]?.server_version}, ` +
      `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'} (load ${loadavg()[0]?.toFixed(1)}), ${new Date().toISOString().slice(0, 10)}\n` +
      `scored in SQL (the store):        ${sqlTime.toFixed(0)} ms per search (median of ${rounds})\n` +
      `streamed and scored in Node:      ${streamedTime.toFixed(0)} ms per search (median of ${rounds})\n` +
      `SQL is ${(streamedTime / sqlTime).toFixed(1)}× faster\n`,
  );
} finally {
  await provider.close();
  await pool.end();
  await server.stop();
}
