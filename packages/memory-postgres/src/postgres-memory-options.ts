import type { Logger } from '@orkeon/core';
import type pg from 'pg';
import { memoryTableNames } from './memory-table-names.js';
import { checkedConnectionString } from './postgres-connection-target.js';
import { PostgresMemoryOptionsError } from './postgres-memory-errors.js';
import type { MemoryTableRequest } from './prepare-memory-table.js';
import { type PostgresVectorIndexKind, pgvectorMaximumDimensions, postgresVectorIndexKinds } from './vector-storage.js';

export interface PostgresMemoryProviderOptions {
  /** Where to connect; the store creates its own pool and ends it on `close()`. */
  readonly connectionString?: string;
  /** A pool the host owns; the store uses it and leaves it open on `close()`. */
  readonly pool?: pg.Pool;
  /** Connections of the pool the store creates. Default 10 (PGlite's socket server takes 1). */
  readonly maxConnections?: number;
  /** The memory table, optionally after its schema. Default `orkeon_memory_items`. */
  readonly table?: string;
  /** The vectors' length; default: the length of the first vector stored. */
  readonly dimensions?: number;
  /** Default `hnsw`. */
  readonly vectorIndex?: PostgresVectorIndexKind;
  /** Where the store says what it found at start (pgvector or not). Default: warnings to standard error. */
  readonly logger?: Logger;
}

/** The options when the store can work with them; else `PostgresMemoryOptionsError` naming the one to fix. */
export function checkedProviderOptions(options: PostgresMemoryProviderOptions): {
  readonly request: MemoryTableRequest;
  readonly maxConnections: number;
} {
  if ((options.connectionString !== undefined) === (options.pool !== undefined))
    throw new PostgresMemoryOptionsError(
      'give either connectionString (the store creates and ends its pool) or pool (yours to end), not both and not neither',
    );
  if (options.connectionString !== undefined) checkedConnectionString(options.connectionString);
  const maxConnections = options.maxConnections ?? 10;
  if (!Number.isInteger(maxConnections) || maxConnections < 1)
    throw new PostgresMemoryOptionsError(`maxConnections ${maxConnections} must be a whole number of 1 or more`);
  if (options.maxConnections !== undefined && options.pool !== undefined)
    throw new PostgresMemoryOptionsError('maxConnections sizes the pool the store creates: size your own pool instead');
  const { dimensions } = options;
  if (
    dimensions !== undefined &&
    !(Number.isInteger(dimensions) && dimensions >= 1 && dimensions <= pgvectorMaximumDimensions)
  )
    throw new PostgresMemoryOptionsError(
      `dimensions ${dimensions} must be a whole number from 1 to ${pgvectorMaximumDimensions} (pgvector's largest vector)`,
    );
  const vectorIndex = options.vectorIndex ?? 'hnsw';
  if (!postgresVectorIndexKinds.includes(vectorIndex))
    throw new PostgresMemoryOptionsError(
      `vectorIndex '${vectorIndex}' must be one of ${postgresVectorIndexKinds.join(', ')}`,
    );
  return { request: { names: memoryTableNames(options.table), dimensions, vectorIndex }, maxConnections };
}
