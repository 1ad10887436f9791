import { inTransaction } from '@orkeon/store-postgres';
import type pg from 'pg';
import type { MemoryTableNames } from './memory-table-names.js';
import { lockTable } from './postgres-memory-connection.js';
import { PostgresMemoryDimensionsConflictError, PostgresMemorySchemaTooNewError } from './postgres-memory-errors.js';
import { memoryTableStatements, postgresMemorySchemaVersion } from './postgres-memory-schema.js';
import {
  cosineOperatorClass,
  embeddingColumnType,
  hnswMaximumDimensions,
  type PostgresVectorIndexKind,
  pgvectorAtLeast,
  type VectorStorage,
} from './vector-storage.js';

/** What the store asks of its table. */
export interface MemoryTableRequest {
  readonly names: MemoryTableNames;
  /** The vectors' length when configured; else the first vector stored fixes it. */
  readonly dimensions: number | undefined;
  readonly vectorIndex: PostgresVectorIndexKind;
}

/** Why the server gave no pgvector: `CREATE EXTENSION vector` failed with this. */
export interface MissingPgvector {
  /** PostgreSQL's error code: `0A000` not installed on the server, `42501` not permitted. */
  readonly code: string | undefined;
  readonly reason: string;
}

/** Where the vectors' index stands. */
export interface VectorIndexState {
  /** The HNSW index exists, so searches set its parameters. */
  readonly exists: boolean;
  /** Why no index could be made although `hnsw` was asked for. */
  readonly unavailable?: string;
}

export interface PreparedMemoryTable {
  readonly storage: VectorStorage;
  readonly dimensions: number | undefined;
  readonly index: VectorIndexState;
  readonly missingPgvector?: MissingPgvector;
  /** The table kept `real[]` vectors from a server without pgvector, and now has pgvector's column. */
  readonly convertedToPgvector: boolean;
}

interface EmbeddingColumn {
  /** Absent when the table exists without an `embedding` column. */
  readonly type_name?: string;
  /** pgvector keeps the length here; -1 when the column takes any length. */
  readonly type_modifier: number;
}

/**
 * Creates the table (or checks and brings up to date the one there), in one transaction
 * under an advisory lock, so that processes starting together do it once: pgvector is
 * created when the server has it, a `real[]` column of a server without it becomes
 * pgvector's once the extension is there, a configured length fixes the column, and the
 * HNSW index is built when the length is known. Running it again changes nothing.
 */
export async function prepareMemoryTable(pool: pg.Pool, request: MemoryTableRequest): Promise<PreparedMemoryTable> {
  const { names } = request;
  return inTransaction(pool, async (client) => {
    await lockTable(client, names.lockKey);
    const missingPgvector = await createPgvector(client);
    const storage = await installedVectorStorage(client);
    const column = await embeddingColumnOf(client, names);
    if (column !== undefined && !['vector', '_float4'].includes(column.type_name ?? ''))
      throw new Error(
        `table '${names.name}' exists but was not made by this store (its column embedding is ${column.type_name === undefined ? 'missing' : `of type ${column.type_name}`}): give another table`,
      );
    for (const statement of memoryTableStatements(names, embeddingColumnType(storage, request.dimensions)))
      await client.query(statement);
    const recorded = await recordedLayout(client, names);
    if (recorded !== undefined && recorded.version > postgresMemorySchemaVersion)
      throw new PostgresMemorySchemaTooNewError(names.name, recorded.version, postgresMemorySchemaVersion);
    let dimensions =
      recorded?.dimensions ??
      (column?.type_name === 'vector' && column.type_modifier > 0 ? column.type_modifier : undefined);
    if (request.dimensions !== undefined) {
      if (dimensions !== undefined && dimensions !== request.dimensions)
        throw new PostgresMemoryDimensionsConflictError(names.name, request.dimensions, dimensions);
      dimensions = request.dimensions;
    }
    const convertedToPgvector = storage.kind === 'pgvector' && column?.type_name === '_float4';
    const untypedVectors = storage.kind === 'pgvector' && column?.type_name === 'vector' && column.type_modifier <= 0;
    if (convertedToPgvector || (untypedVectors && dimensions !== undefined)) {
      const type = embeddingColumnType(storage, dimensions);
      await client.query(`ALTER TABLE ${names.table} ALTER COLUMN embedding TYPE ${type} USING embedding::${type}`);
    }
    const index = await ensureVectorIndex(client, request, storage, dimensions);
    await client.query(
      `INSERT INTO ${names.versionTable} (singleton, version, dimensions) VALUES (true, $1, $2)
       ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version, dimensions = EXCLUDED.dimensions`,
      [postgresMemorySchemaVersion, dimensions ?? null],
    );
    return {
      storage,
      dimensions,
      index,
      convertedToPgvector,
      ...(storage.kind === 'real-array' && missingPgvector !== undefined ? { missingPgvector } : {}),
    };
  });
}

/**
 * Records `dimensions` as the vectors' length when the table has none yet (pgvector's
 * column then takes that length and the HNSW index is built), and returns the length the
 * table holds: another process may have fixed another one first.
 */
export async function fixDimensions(
  pool: pg.Pool,
  request: MemoryTableRequest,
  storage: VectorStorage,
  dimensions: number,
): Promise<{ readonly dimensions: number; readonly index: VectorIndexState }> {
  const { names } = request;
  return inTransaction(pool, async (client) => {
    await lockTable(client, names.lockKey);
    const recorded = (await recordedLayout(client, names))?.dimensions;
    if (recorded !== undefined) return { dimensions: recorded, index: await vectorIndexState(client, names) };
    if (storage.kind === 'pgvector') {
      await client.query(
        `ALTER TABLE ${names.table} ALTER COLUMN embedding TYPE ${embeddingColumnType(storage, dimensions)}`,
      );
    }
    const index = await ensureVectorIndex(client, request, storage, dimensions);
    await client.query(`UPDATE ${names.versionTable} SET dimensions = $1`, [dimensions]);
    return { dimensions, index };
  });
}

/** The vectors' length the table records, read again (another process may have fixed it). */
export async function recordedDimensions(pool: pg.Pool, names: MemoryTableNames): Promise<number | undefined> {
  const result = await pool.query<{ dimensions: number | null }>(`SELECT dimensions FROM ${names.versionTable}`);
  return result.rows[0]?.dimensions ?? undefined;
}

/** `CREATE EXTENSION IF NOT EXISTS vector`, whose failure leaves the transaction usable and is returned. */
async function createPgvector(client: pg.PoolClient): Promise<MissingPgvector | undefined> {
  await client.query('SAVEPOINT orkeon_pgvector');
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS vector');
    await client.query('RELEASE SAVEPOINT orkeon_pgvector');
    return undefined;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT orkeon_pgvector');
    const code = (error as { code?: unknown }).code;
    return {
      code: typeof code === 'string' ? code : undefined,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
}

async function installedVectorStorage(client: pg.PoolClient): Promise<VectorStorage> {
  const result = await client.query<{ schema: string; version: string }>(
    `SELECT n.nspname AS schema, e.extversion AS version
     FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'vector'`,
  );
  const row = result.rows[0];
  return row === undefined ? { kind: 'real-array' } : { kind: 'pgvector', schema: row.schema, version: row.version };
}

/** The `embedding` column of the table when the table exists; `undefined` when it does not. */
async function embeddingColumnOf(client: pg.PoolClient, names: MemoryTableNames): Promise<EmbeddingColumn | undefined> {
  const result = await client.query<{ type_name: string | null; type_modifier: number | null }>(
    `SELECT t.typname AS type_name, a.atttypmod AS type_modifier
     FROM pg_class c
     LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'embedding' AND NOT a.attisdropped
     LEFT JOIN pg_type t ON t.oid = a.atttypid
     WHERE c.oid = to_regclass($1::text)`,
    [names.table],
  );
  const row = result.rows[0];
  if (row === undefined) return undefined;
  return {
    ...(row.type_name === null ? {} : { type_name: row.type_name }),
    type_modifier: row.type_modifier ?? -1,
  };
}

async function recordedLayout(
  client: pg.PoolClient,
  names: MemoryTableNames,
): Promise<{ readonly version: number; readonly dimensions: number | undefined } | undefined> {
  const result = await client.query<{ version: number; dimensions: number | null }>(
    `SELECT version, dimensions FROM ${names.versionTable}`,
  );
  const row = result.rows[0];
  return row === undefined ? undefined : { version: row.version, dimensions: row.dimensions ?? undefined };
}

async function ensureVectorIndex(
  client: pg.PoolClient,
  request: MemoryTableRequest,
  storage: VectorStorage,
  dimensions: number | undefined,
): Promise<VectorIndexState> {
  const { names } = request;
  if (storage.kind === 'real-array') return { exists: false };
  // `none` creates no index; one made by another process or by hand is left alone, and the planner may use it.
  if (request.vectorIndex === 'none' || dimensions === undefined) return vectorIndexState(client, names);
  if (!pgvectorAtLeast(storage.version, [0, 5, 0]))
    return { exists: false, unavailable: `pgvector ${storage.version} has no HNSW index (0.5.0 and later have)` };
  if (dimensions > hnswMaximumDimensions)
    return {
      exists: false,
      unavailable: `pgvector's HNSW index takes vectors of up to ${hnswMaximumDimensions} dimensions, and these have ${dimensions}`,
    };
  await client.query(
    `CREATE INDEX IF NOT EXISTS ${names.vectorIndex} ON ${names.table}
     USING hnsw (embedding ${cosineOperatorClass(storage)})`,
  );
  return { exists: true };
}

async function vectorIndexState(client: pg.PoolClient, names: MemoryTableNames): Promise<VectorIndexState> {
  const result = await client.query<{ exists: boolean }>('SELECT to_regclass($1::text) IS NOT NULL AS exists', [
    names.vectorIndexName,
  ]);
  return { exists: result.rows[0]?.exists === true };
}
