import pg from 'pg';

/** A pool of `max` connections to `connectionString`, which the store ends on `close()`. */
export function createMemoryPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection dropped by the server (a restart, a timeout) is an 'error' event, which would end the
  // process if unhandled. The pool replaces the connection; the next query reports any lasting problem.
  pool.on('error', () => undefined);
  return pool;
}

/** Orders the processes that create or change one table (several hosts starting together). */
export async function lockTable(client: pg.PoolClient, lockKey: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [lockKey]);
}
