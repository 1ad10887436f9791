import type { Logger } from '@orkeon/core';
import type { PreparedMemoryTable, VectorIndexState } from './prepare-memory-table.js';

/**
 * Says once, when the table is prepared, how it keeps vectors: an info line with pgvector,
 * or the one warning that the server has no pgvector, what the store does instead, what
 * that costs and how to get the index.
 */
export function reportPreparedTable(logger: Logger, table: string, prepared: PreparedMemoryTable): void {
  if (prepared.storage.kind === 'real-array') {
    const missing = prepared.missingPgvector;
    const cost = `Table '${table}' keeps vectors as real[] and every similarity search scores every stored vector in SQL, a full scan whose time grows with the number of memories (docs/memory-stores/postgres.md gives measurements), instead of using an HNSW index.`;
    logger.warn(
      { table, extension: 'vector', reason: missing?.reason },
      missing?.code === '42501'
        ? `PostgreSQL memory store: the pgvector extension ('vector') is on the server, but this user may not create it (${missing.reason}). ${cost} Have a database owner run CREATE EXTENSION vector, then restart: the store converts the column and builds the index.`
        : `PostgreSQL memory store: the pgvector extension ('vector') is not installed on the server (${missing?.reason ?? 'not found'}). ${cost} Install pgvector on the server (Debian: postgresql-<version>-pgvector from apt.postgresql.org), then restart: the store converts the column and builds the index.`,
    );
    return;
  }
  logger.info(
    {
      table,
      pgvector: prepared.storage.version,
      dimensions: prepared.dimensions,
      vectorIndex: prepared.index.exists ? 'hnsw' : 'none',
      ...(prepared.convertedToPgvector ? { converted: 'real[] to vector' } : {}),
    },
    prepared.convertedToPgvector
      ? `PostgreSQL memory store: table '${table}' now keeps its vectors in pgvector's column (converted from real[]).`
      : `PostgreSQL memory store: table '${table}' keeps vectors with pgvector ${prepared.storage.version}.`,
  );
  reportVectorIndex(logger, table, prepared.index);
}

/** Warns when HNSW was asked for and cannot be built (pgvector too old, vectors too long). */
export function reportVectorIndex(logger: Logger, table: string, index: VectorIndexState): void {
  if (index.unavailable === undefined) return;
  logger.warn(
    { table, reason: index.unavailable },
    `PostgreSQL memory store: table '${table}' has no HNSW index: ${index.unavailable}. Every similarity search reads every vector.`,
  );
}
