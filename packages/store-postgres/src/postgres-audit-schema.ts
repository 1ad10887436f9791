import type pg from 'pg';
import { inTransaction } from './postgres-connection.js';
import { preparePostgresSchema } from './postgres-migration.js';

/**
 * The audit trail's own table in the stores' schema. It is created when missing, beside
 * the layout `schema_version` records, which it leaves as it is: a schema of an earlier
 * release gains the table untouched and that release still opens it. `sequence` is a
 * bigserial, so a pruned number is never given again; `at` is a `timestamptz`, so
 * `since` and `prune` compare instants.
 */
export function postgresAuditStatements(schema: string): string[] {
  const q = `"${schema}"`;
  return [
    `CREATE TABLE IF NOT EXISTS ${q}.audit_records (
      sequence bigserial PRIMARY KEY,
      at timestamptz NOT NULL,
      kind text NOT NULL,
      outcome text NOT NULL,
      tool text,
      agent text,
      crew text,
      task text,
      run text,
      caller text,
      duration_ms double precision,
      detail text
    )`,
    `CREATE INDEX IF NOT EXISTS audit_records_by_time ON ${q}.audit_records (at)`,
  ];
}

/**
 * Brings the schema to this release's layout (refusing one from a later release), then
 * creates the audit table when missing, under the lock the schema's migration takes, so
 * processes starting together create it once.
 */
export async function preparePostgresAuditTable(pool: pg.Pool, schema: string): Promise<void> {
  await preparePostgresSchema(pool, schema);
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`orkeon-state-store:${schema}`]);
    for (const statement of postgresAuditStatements(schema)) await client.query(statement);
  });
}
