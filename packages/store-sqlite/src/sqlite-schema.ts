/**
 * The layout version this release writes into `PRAGMA user_version`. 0 is a new file
 * or one written by release 0.1 (A2A task records and crew execution states kept as
 * checkpoint sessions); 2 has the `documents` table and no such sessions. The memory
 * and audit tables are not part of it: their stores create them when missing, and a file
 * holding them stays readable by a release that knows none.
 */
export const sqliteSchemaVersion = 2;

/**
 * The tables of the SQLite stores, created on first use. `updated_at_ms` is the
 * parsed `updatedAt` (epoch milliseconds): ISO texts with different offsets do not
 * sort as text. The whole state is kept as JSON; the other columns serve queries.
 * `documents` belongs to the document store; its keys compare as UTF-8 bytes (BINARY).
 */
export const sqliteSchema = `
CREATE TABLE IF NOT EXISTS sessions (
  session_id TEXT PRIMARY KEY NOT NULL,
  crew_id TEXT NOT NULL,
  phase TEXT NOT NULL,
  completed_task_count INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_at_ms INTEGER NOT NULL,
  state_json TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS sessions_by_crew ON sessions (crew_id, updated_at_ms DESC, session_id DESC);
CREATE INDEX IF NOT EXISTS sessions_by_update ON sessions (updated_at_ms DESC, session_id DESC);
CREATE TABLE IF NOT EXISTS session_versions (
  version_id TEXT PRIMARY KEY NOT NULL,
  session_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  step_id TEXT,
  label TEXT,
  created_at TEXT NOT NULL,
  state_json TEXT NOT NULL,
  UNIQUE (session_id, version)
) STRICT;
CREATE TABLE IF NOT EXISTS documents (
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  value_json TEXT NOT NULL,
  PRIMARY KEY (collection, key)
) STRICT, WITHOUT ROWID;
`;
