import type pg from 'pg';
import { RateLimitingStoreSetupError, RateLimitingStoreUnavailableError } from './rate-limiting-errors.js';

/** The windows: calls per key and segment. */
export const windowsTable = 'orkeon_tool_rate_windows';
/** The budget counters: per crew, one row per agent role and one (agent '') for the crew's total. */
export const budgetsTable = 'orkeon_token_budgets';
/** Judges and counts one call in its windows, in one statement (see `PostgresWindowStore`). */
export const acquireFunction = 'orkeon_tool_rate_acquire';

const createStatements = [
  `CREATE TABLE IF NOT EXISTS ${windowsTable} (
    window_key text NOT NULL,
    segment bigint NOT NULL,
    calls integer NOT NULL,
    PRIMARY KEY (window_key, segment)
  )`,
  `CREATE TABLE IF NOT EXISTS ${budgetsTable} (
    crew_key text NOT NULL,
    agent text NOT NULL,
    total_tokens bigint NOT NULL,
    estimated_cost double precision NOT NULL,
    call_count integer NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (crew_key, agent)
  )`,
  // Under an advisory lock of the key prefix, held until the statement's transaction ends: the
  // windows are cleared of old segments, judged in order, and the call counted in all or none.
  // A refusal answers the refusing window's segments, from which the caller works out the wait.
  `CREATE OR REPLACE FUNCTION ${acquireFunction}(
    lock_name text, window_keys text[], window_limits integer[], current_segment bigint, oldest_segment bigint
  ) RETURNS jsonb LANGUAGE plpgsql AS $$
  DECLARE
    i integer;
    total bigint;
    totals bigint[] := ARRAY[]::bigint[];
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(lock_name, 0));
    DELETE FROM ${windowsTable} WHERE window_key = ANY(window_keys) AND segment < oldest_segment;
    FOR i IN 1 .. cardinality(window_keys) LOOP
      SELECT coalesce(sum(calls), 0) INTO total FROM ${windowsTable} WHERE window_key = window_keys[i];
      IF total >= window_limits[i] THEN
        RETURN jsonb_build_object('deniedBy', i - 1, 'counts', (
          SELECT coalesce(jsonb_agg(jsonb_build_array(segment, calls)), '[]'::jsonb)
          FROM ${windowsTable} WHERE window_key = window_keys[i]));
      END IF;
      totals := totals || (total + 1);
    END LOOP;
    INSERT INTO ${windowsTable} (window_key, segment, calls)
      SELECT unnest(window_keys), current_segment, 1
      ON CONFLICT (window_key, segment) DO UPDATE SET calls = ${windowsTable}.calls + 1;
    RETURN jsonb_build_object('totals', to_jsonb(totals));
  END
  $$`,
];

// Two processes creating the tables at once would collide in the catalogue: they take turns.
const setupLock = "hashtextextended('orkeon.rate-limiting.tables', 0)";

const prepared = new WeakMap<pg.Pool, Promise<void>>();

/**
 * Creates both tables and the acquire function once per pool (in a transaction, under an advisory lock). A server
 * that cannot be reached fails with `RATE_LIMITING_STORE_UNAVAILABLE`, a statement it
 * refuses with `RATE_LIMITING_STORE_SETUP_FAILED`; either is tried again on the next use.
 */
export function preparedTables(pool: pg.Pool, where: { readonly section: string; readonly server: string }) {
  let ready = prepared.get(pool);
  if (ready === undefined) {
    ready = createTables(pool, where).catch((error: unknown) => {
      prepared.delete(pool);
      throw error;
    });
    prepared.set(pool, ready);
  }
  return ready;
}

async function createTables(pool: pg.Pool, where: { readonly section: string; readonly server: string }) {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new RateLimitingStoreUnavailableError({ ...where, operation: 'connect' }, error);
  }
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(${setupLock})`);
    for (const statement of createStatements) await client.query(statement);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new RateLimitingStoreSetupError(where, error);
  } finally {
    client.release();
  }
}
