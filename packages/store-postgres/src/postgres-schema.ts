/** Unquoted-identifier rules, so the name can be double-quoted into SQL safely. */
export const schemaNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * The tables of the PostgreSQL state store, created on first use in their own schema.
 * States are `jsonb`; `updated_at` is a `timestamptz` so sessions order by instant,
 * whatever offset their ISO text was written with. Every statement is idempotent.
 */
export function postgresSchemaStatements(schema: string): string[] {
  const q = `"${schema}"`;
  return [
    `CREATE SCHEMA IF NOT EXISTS ${q}`,
    `CREATE TABLE IF NOT EXISTS ${q}.sessions (
      session_id text PRIMARY KEY,
      crew_id text NOT NULL,
      phase text NOT NULL,
      completed_task_count integer NOT NULL,
      updated_at timestamptz NOT NULL,
      state jsonb NOT NULL
    )`,
    `CREATE INDEX IF NOT EXISTS sessions_by_crew ON ${q}.sessions (crew_id, updated_at DESC, session_id COLLATE "C" DESC)`,
    `CREATE TABLE IF NOT EXISTS ${q}.session_versions (
      version_id text PRIMARY KEY,
      session_id text NOT NULL,
      version integer NOT NULL,
      step_id text,
      label text,
      created_at timestamptz NOT NULL,
      state jsonb NOT NULL,
      UNIQUE (session_id, version)
    )`,
  ];
}
