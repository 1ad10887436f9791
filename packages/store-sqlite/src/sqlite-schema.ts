/**
 * The layout version this release writes into `PRAGMA user_version`. 0 is a new file
 * or one written by release 0.1 (A2A task records and crew execution states kept as
 * checkpoint sessions); 2 has the `documents` table and no such sessions, clustered on
 * its key (`WITHOUT ROWID`); 3 keeps documents in a rowid table with a unique key index.
 * The memory and audit tables are not part of it: their stores create them when
 * missing, and a file holding them stays readable by a release that knows none.
 */
export const sqliteSchemaVersion = 3;

/** The document store's table (layout 3). */
const documentsTable = `
CREATE TABLE IF NOT EXISTS documents (
  row_id INTEGER PRIMARY KEY,
  collection TEXT NOT NULL,
  key TEXT NOT NULL,
  version INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  value_json TEXT NOT NULL,
  UNIQUE (collection, key)
) STRICT;
`;

/**
 * The tables of the SQLite stores, created on first use. `updated_at_ms` is the
 * parsed `updatedAt` (epoch milliseconds): ISO texts with different offsets do not
 * sort as text. The whole state is kept as JSON; the other columns serve queries.
 * `documents` belongs to the document store; its keys compare as UTF-8 bytes (BINARY).
 * Its rows (a whole JSON document each) are stored in write order behind a rowid, the
 * key in an index of its own: a task record with a random id then writes to the end of
 * the table and one index page, where a table clustered on the key split a page of whole
 * documents on most inserts (A2A task records, nine to a commit: 2.3× the writes a second).
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
${documentsTable}`;

/** Layout 2's `documents` (clustered on its key), moved into layout 3's table with its rows in key order. */
export const documentsFromLayout2 = `
ALTER TABLE documents RENAME TO documents_layout_2;
${documentsTable}
INSERT INTO documents (collection, key, version, created_at, updated_at, value_json)
  SELECT collection, key, version, created_at, updated_at, value_json FROM documents_layout_2 ORDER BY collection, key;
DROP TABLE documents_layout_2;
`;
