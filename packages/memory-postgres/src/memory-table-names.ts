import { PostgresMemoryOptionsError } from './postgres-memory-errors.js';

/**
 * A table name, optionally after its schema (`memory.items`): lower-case letters, digits
 * and `_`, so the names are safe to quote into SQL and mean the same unquoted. The table
 * part is kept to 48 characters so that the names derived from it fit PostgreSQL's 63.
 */
export const memoryTableNamePattern = /^(?:[a-z_][a-z0-9_]{0,62}\.)?[a-z_][a-z0-9_]{0,47}$/;

export const defaultMemoryTableName = 'orkeon_memory_items';

/** The SQL names of one memory table and what belongs to it, quoted. */
export interface MemoryTableNames {
  /** As configured: `orkeon_memory_items`, `memory.items`. */
  readonly name: string;
  readonly table: string;
  /** `<table>_schema_version`: the layout version and the vectors' length. */
  readonly versionTable: string;
  /** Index names are never qualified: an index lives in its table's schema. */
  readonly wordIndex: string;
  readonly vectorIndex: string;
  /** The vector index's name as `pg_class` knows it, qualified as the table is. */
  readonly vectorIndexName: string;
  /** Taken by every process that creates or changes the table. */
  readonly lockKey: string;
}

export function memoryTableNames(name: string = defaultMemoryTableName): MemoryTableNames {
  if (!memoryTableNamePattern.test(name))
    throw new PostgresMemoryOptionsError(
      `table name '${name.slice(0, 80)}' must be lower-case letters, digits and '_' (starting with a letter or '_', up to 48 characters), optionally after a schema and a dot, such as 'orkeon_memory_items' or 'memory.items'`,
    );
  const dot = name.indexOf('.');
  const schema = dot === -1 ? undefined : name.slice(0, dot);
  const table = dot === -1 ? name : name.slice(dot + 1);
  const qualified = (object: string) => (schema === undefined ? `"${object}"` : `"${schema}"."${object}"`);
  return {
    name,
    table: qualified(table),
    versionTable: qualified(`${table}_schema_version`),
    wordIndex: `"${table}_content_words"`,
    vectorIndex: `"${table}_embedding_hnsw"`,
    vectorIndexName: schema === undefined ? `${table}_embedding_hnsw` : `${schema}.${table}_embedding_hnsw`,
    lockKey: `orkeon-memory-table:${name}`,
  };
}
