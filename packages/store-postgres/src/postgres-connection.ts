import pg from 'pg';
import { schemaNamePattern } from './postgres-schema.js';
import { PostgresStateStoreOptionsError } from './postgres-store-errors.js';

/** Where a PostgreSQL store connects, as both stores take it. */
export interface PostgresConnectionOptions {
  /** Where to connect; the store creates its own pool and ends it on `close()`. */
  readonly connectionString?: string;
  /** A pool the host owns; the store uses it and leaves it open on `close()`. */
  readonly pool?: pg.Pool;
  /** The schema holding the tables, created on first use. Default `orkeon`. */
  readonly schema?: string;
}

export interface PostgresConnection {
  readonly pool: pg.Pool;
  readonly ownsPool: boolean;
  readonly schema: string;
}

/** Checks the options and creates the pool when the store is to own one. */
export function openPostgresConnection(options: PostgresConnectionOptions): PostgresConnection {
  const hasConnectionString = typeof options.connectionString === 'string' && options.connectionString.length > 0;
  if (hasConnectionString === (options.pool !== undefined)) {
    throw new PostgresStateStoreOptionsError(
      'give either connectionString (the store creates and ends its pool) or pool (yours to end), not both and not neither',
    );
  }
  const schema = options.schema ?? 'orkeon';
  if (!schemaNamePattern.test(schema)) {
    throw new PostgresStateStoreOptionsError(
      `schema name '${schema}' must start with a letter or '_' and hold up to 63 letters, digits and '_'`,
    );
  }
  return { pool: options.pool ?? createPool(options.connectionString), ownsPool: options.pool === undefined, schema };
}

/** Runs `work` in one transaction on one pooled connection. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let result: T;
  try {
    await client.query('BEGIN');
    result = await work(client);
    await client.query('COMMIT');
  } catch (error) {
    const rolledBack = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    // A connection that cannot even roll back is broken: it is discarded, not pooled again.
    client.release(!rolledBack);
    throw error;
  }
  client.release();
  return result;
}

function createPool(connectionString: string | undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString });
  // An idle connection dropped by the server (a restart, a timeout) is an 'error' event, which would end the
  // process if unhandled. The pool replaces the connection; the next query reports any lasting problem.
  pool.on('error', () => undefined);
  return pool;
}
