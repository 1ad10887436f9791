import pg from 'pg';

/** A pool of `max` connections to `connectionString`, which the store ends on `close()`. */
export function createMemoryPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server (a restart, a timeout) is an 'error' event, which would end the
  // process if unhandled. The pool replaces the connection; the next query reports any lasting problem.
  pool.on('error', () => undefined);
  return pool;
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

/** Orders the processes that create or change one table (several hosts starting together). */
export async function lockTable(client: pg.PoolClient, lockKey: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey]);
}
