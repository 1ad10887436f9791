import { legacyDocumentOf, legacyDocumentSessionPrefixes } from '@orkeon/core/stores';
import type Database from 'better-sqlite3';
import { documentsFromLayout2, sqliteSchema, sqliteSchemaVersion } from './sqlite-schema.js';
import { SqliteStoreSchemaTooNewError } from './sqlite-store-errors.js';

interface LegacySessionRow {
  readonly session_id: string;
  readonly state_json: string;
  readonly last_version: number | null;
}

/**
 * Brings the file to this release's layout, in one write transaction (`BEGIN
 * IMMEDIATE`, so two processes opening the same old file migrate it once): moves layout
 * 2's documents into layout 3's table, creates the missing tables, then moves every
 * `a2a-task:*` and `crew-exec:*` session of release 0.1 into
 * `documents` (the document version continues from the session's last saved version),
 * and records the layout in `user_version`. Running it again changes nothing. Version
 * rows of moved sessions stay in `session_versions`, where `history` still finds them.
 */
export function migrateSqliteDatabase(database: Database.Database, path: string): void {
  const migrate = database.transaction(() => {
    const found = Number(database.pragma('user_version', { simple: true }));
    if (found > sqliteSchemaVersion) throw new SqliteStoreSchemaTooNewError(path, found, sqliteSchemaVersion);
    if (found === sqliteSchemaVersion) return;
    // Layout 2 kept documents clustered on their key: they move into layout 3's rowid table.
    if (found === 2) database.exec(documentsFromLayout2);
    database.exec(sqliteSchema);
    moveLegacyDocuments(database);
    database.pragma(`user_version = ${sqliteSchemaVersion}`);
  });
  // A file already migrated needs no write lock: read the version first.
  if (Number(database.pragma('user_version', { simple: true })) === sqliteSchemaVersion) return;
  migrate.immediate();
}

function moveLegacyDocuments(database: Database.Database): void {
  // substr, not LIKE: '_' in a prefix would be a wildcard.
  const byPrefix = legacyDocumentSessionPrefixes
    .map((prefix) => `substr(session_id, 1, ${prefix.length}) = '${prefix}'`)
    .join(' OR ');
  const rows = database
    .prepare<[], LegacySessionRow>(
      `SELECT session_id, state_json,
              (SELECT MAX(version) FROM session_versions v WHERE v.session_id = s.session_id) AS last_version
       FROM sessions s WHERE ${byPrefix}`,
    )
    .all();
  const insert = database.prepare(
    `INSERT INTO documents (collection, key, version, created_at, updated_at, value_json)
     VALUES (@collection, @key, @version, @createdAt, @updatedAt, @json)
     ON CONFLICT (collection, key) DO NOTHING`,
  );
  const remove = database.prepare<[string]>('DELETE FROM sessions WHERE session_id = ?');
  for (const row of rows) {
    const document = legacyDocumentOf(row.session_id, row.state_json);
    if (document === undefined) continue;
    insert.run({ ...document, version: Math.max(1, row.last_version ?? 1) });
    remove.run(row.session_id);
  }
}
