import { legacyDocumentOf, legacyDocumentSessionPrefixes } from '@orkeon/core/stores';
import type pg from 'pg';
import { inTransaction } from './postgres-connection.js';
import { postgresSchemaStatements, postgresSchemaVersion } from './postgres-schema.js';
import { PostgresStoreSchemaTooNewError } from './postgres-store-errors.js';

interface LegacySessionRow {
  readonly session_id: string;
  readonly state_json: string;
  readonly last_version: number | null;
}

/**
 * Creates the schema and tables and brings them to this release's layout, in one
 * transaction under an advisory lock, so processes starting together (a state store
 * and a document store, or several hosts) migrate once: every `a2a-task:*` and
 * `crew-exec:*` session of release 0.1 moves into `documents` (the document version
 * continues from the session's last saved version) and `schema_version` records the
 * layout. Running it again changes nothing. Version rows of moved sessions stay in
 * `session_versions`, where `history` still finds them.
 */
export async function preparePostgresSchema(pool: pg.Pool, schema: string): Promise<void> {
  await inTransaction(pool, async (client) => {
    // Two processes running CREATE SCHEMA IF NOT EXISTS at once can still collide; the lock orders them.
    await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`orkeon-state-store:${schema}`]);
    for (const statement of postgresSchemaStatements(schema)) await client.query(statement);
    const found = await client.query<{ version: number }>(`SELECT version FROM "${schema}".schema_version`);
    const version = found.rows[0]?.version ?? 0;
    if (version > postgresSchemaVersion)
      throw new PostgresStoreSchemaTooNewError(schema, version, postgresSchemaVersion);
    if (version === postgresSchemaVersion) return;
    await moveLegacyDocuments(client, schema);
    await client.query(
      `INSERT INTO "${schema}".schema_version (singleton, version) VALUES (true, $1)
       ON CONFLICT (singleton) DO UPDATE SET version = EXCLUDED.version`,
      [postgresSchemaVersion],
    );
  });
}

async function moveLegacyDocuments(client: pg.PoolClient, schema: string): Promise<void> {
  const q = `"${schema}"`;
  const rows = await client.query<LegacySessionRow>(
    `SELECT s.session_id, s.state::text AS state_json,
            (SELECT MAX(v.version) FROM ${q}.session_versions v WHERE v.session_id = s.session_id) AS last_version
     FROM ${q}.sessions s
     WHERE ${legacyDocumentSessionPrefixes.map((_, index) => `left(s.session_id, length($${index + 1})) = $${index + 1}`).join(' OR ')}`,
    [...legacyDocumentSessionPrefixes],
  );
  for (const row of rows.rows) {
    const document = legacyDocumentOf(row.session_id, row.state_json);
    if (document === undefined) continue;
    await client.query(
      `INSERT INTO ${q}.documents (collection, key, version, created_at, updated_at, value)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) ON CONFLICT (collection, key) DO NOTHING`,
      [
        document.collection,
        document.key,
        Math.max(1, row.last_version ?? 1),
        document.createdAt,
        document.updatedAt,
        document.json,
      ],
    );
    await client.query(`DELETE FROM ${q}.sessions WHERE session_id = $1`, [row.session_id]);
  }
}
