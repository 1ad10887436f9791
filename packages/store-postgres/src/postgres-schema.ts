/** Unquoted-identifier rules, so the name can be double-quoted into SQL safely. */
export const schemaNamePattern = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * The layout version this release records in `schema_version`. A schema without that
 * table was written by release 0.1 (or is new); 2 has `documents` and no A2A task or
 * crew execution sessions among the checkpoints. The audit table is not part of it: the
 * audit trail creates it when missing, and a schema holding it stays readable by a
 * release that knows none.
 */
export const postgresSchemaVersion = 2;

/**
 * The tables of the PostgreSQL stores, created on first use in their own schema.
 * States and documents are `jsonb`; `updated_at` is a `timestamptz` so sessions order by
 * instant, whatever offset their ISO text was written with. Document keys use the "C"
 * collation: they compare as UTF-8 bytes, as in the other adapters. Every statement is
 * idempotent.
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
    `CREATE TABLE IF NOT EXISTS ${q}.documents (
      collection text NOT NULL,
      key text COLLATE "C" NOT NULL,
      version integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      value jsonb NOT NULL,
      PRIMARY KEY (collection, key)
    )`,
    `CREATE TABLE IF NOT EXISTS ${q}.schema_version (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      version integer NOT NULL
    )`,
  ];
}
