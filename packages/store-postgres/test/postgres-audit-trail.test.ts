import type { AuditRecord } from '@orkeon/core';
import { type PostgresServer, startPostgresServer } from '@orkeon/testing';
import { describeAuditTrailConformance } from '@orkeon/testing/conformance';
import pg from 'pg';
import * as vitest from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PostgresAuditTrail,
  PostgresDocumentStore,
  PostgresStateStore,
  PostgresStateStoreOptionsError,
  postgresSchemaVersion,
} from '../src/index.js';

let server: PostgresServer;
/** A client for looking at the database from the outside. */
let observer: pg.Pool;
let schemaCounter = 0;
/** Each fixture gets its own schema: the trail creates it on first use. */
const freshSchema = (purpose: string) => `${purpose}_${process.pid}_${schemaCounter++}`;

beforeAll(async () => {
  server = await startPostgresServer();
  observer = new pg.Pool({ connectionString: server.connectionString });
});

afterAll(async () => {
  await observer?.end();
  await server?.stop();
});

describeAuditTrailConformance(vitest, 'PostgresAuditTrail', async () => {
  const connection = { connectionString: server.connectionString, schema: freshSchema('audit') };
  const trails = [new PostgresAuditTrail(connection)];
  return {
    trail: trails[0] as PostgresAuditTrail,
    reopen: async () => {
      const reopened = new PostgresAuditTrail(connection);
      trails.push(reopened);
      return reopened;
    },
    dispose: async () => {
      for (const trail of trails) await trail.close();
    },
  };
});

const toolCall = (detail: string, fields: Partial<AuditRecord> = {}): AuditRecord => ({
  at: '2026-01-01T09:00:00.000Z',
  kind: 'tool',
  outcome: 'Success',
  detail,
  ...fields,
});

async function tablesOf(schema: string): Promise<string[]> {
  const result = await observer.query<{ table_name: string }>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1',
    [schema],
  );
  return result.rows.map((row) => row.table_name);
}

async function layoutVersionOf(schema: string): Promise<number | undefined> {
  const result = await observer.query<{ version: number }>(`SELECT version FROM "${schema}".schema_version`);
  return result.rows[0]?.version;
}

const checkpoint = {
  sessionId: 'checkpoint-1',
  crewId: 'writers',
  phase: 'Completed' as const,
  completedTaskIndex: 0,
  taskCheckpoints: {},
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:01:00.000Z',
};

/**
 * Writes, with plain SQL, a schema as the release before the audit trail left it: the
 * state and document tables at layout 2, one checkpoint and one document, no audit table.
 */
async function writePreviousReleaseSchema(schema: string): Promise<void> {
  const q = `"${schema}"`;
  await observer.query(`CREATE SCHEMA ${q}`);
  await observer.query(`CREATE TABLE ${q}.sessions (session_id text PRIMARY KEY, crew_id text NOT NULL,
    phase text NOT NULL, completed_task_count integer NOT NULL, updated_at timestamptz NOT NULL, state jsonb NOT NULL)`);
  await observer.query(
    `CREATE INDEX sessions_by_crew ON ${q}.sessions (crew_id, updated_at DESC, session_id COLLATE "C" DESC)`,
  );
  await observer.query(`CREATE TABLE ${q}.session_versions (version_id text PRIMARY KEY, session_id text NOT NULL,
    version integer NOT NULL, step_id text, label text, created_at timestamptz NOT NULL, state jsonb NOT NULL,
    UNIQUE (session_id, version))`);
  await observer.query(`CREATE TABLE ${q}.documents (collection text NOT NULL, key text COLLATE "C" NOT NULL,
    version integer NOT NULL, created_at timestamptz NOT NULL, updated_at timestamptz NOT NULL, value jsonb NOT NULL,
    PRIMARY KEY (collection, key))`);
  await observer.query(`CREATE TABLE ${q}.schema_version (singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
    version integer NOT NULL)`);
  await observer.query(`INSERT INTO ${q}.schema_version (version) VALUES (2)`);
  await observer.query(`INSERT INTO ${q}.sessions VALUES ($1, $2, $3, 0, $4, $5::jsonb)`, [
    checkpoint.sessionId,
    checkpoint.crewId,
    checkpoint.phase,
    checkpoint.updatedAt,
    JSON.stringify(checkpoint),
  ]);
  await observer.query(
    `INSERT INTO ${q}.documents VALUES ('notes', 'first', 3, '2026-05-01T08:00:00Z', '2026-05-01T08:02:00Z', '{"text":"kept"}')`,
  );
}

describe('PostgresAuditTrail on a real server', () => {
  it('creates its schema and table on first use: bigserial sequence, timestamptz time, an index on the time', async () => {
    const schema = freshSchema('audit_layout');
    await using trail = new PostgresAuditTrail({ connectionString: server.connectionString, schema });
    expect(trail.schema).toBe(schema);
    expect(await tablesOf(schema)).toEqual([]);
    await trail.query();
    expect(await tablesOf(schema)).toEqual([
      'audit_records',
      'documents',
      'schema_version',
      'session_versions',
      'sessions',
    ]);
    const columns = await observer.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns
       WHERE table_schema = $1 AND table_name = 'audit_records' ORDER BY ordinal_position`,
      [schema],
    );
    expect(columns.rows.slice(0, 2)).toEqual([
      { column_name: 'sequence', data_type: 'bigint' },
      { column_name: 'at', data_type: 'timestamp with time zone' },
    ]);
    expect(columns.rows.find((column) => column.column_name === 'duration_ms')?.data_type).toBe('double precision');
    const indexes = await observer.query<{ indexdef: string }>(
      "SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = 'audit_records_by_time'",
      [schema],
    );
    expect(indexes.rows[0]?.indexdef).toMatch(/\(at\)$/);
    expect(await layoutVersionOf(schema)).toBe(postgresSchemaVersion);
  });

  it('appends a batch larger than one statement can carry (65,535 parameters), in one transaction, in order', async () => {
    await using trail = new PostgresAuditTrail({
      connectionString: server.connectionString,
      schema: freshSchema('audit_large'),
    });
    const batch = Array.from({ length: 6001 }, (_, index) => toolCall(`${index}`));
    await trail.append(batch);
    const found = await trail.query({ limit: 10_000 });
    expect(found.map((stored) => stored.detail).reverse()).toEqual(batch.map((record) => record.detail));
  });

  it('a batch the database refuses part-way is rolled back whole', async () => {
    const schema = freshSchema('audit_refused');
    await using trail = new PostgresAuditTrail({ connectionString: server.connectionString, schema });
    await trail.append([toolCall('kept')]);
    await observer.query(`ALTER TABLE "${schema}".audit_records ADD CONSTRAINT no_boom CHECK (detail <> 'boom')`);
    const batch = [...Array.from({ length: 5001 }, (_, index) => toolCall(`${index}`)), toolCall('boom')];
    await expect(trail.append(batch)).rejects.toThrow(/no_boom/);
    expect((await trail.query()).map((stored) => stored.detail)).toEqual(['kept']);
  });

  it('works over a pool the host owns, and leaves it open on close', async () => {
    const pool = new pg.Pool({ connectionString: server.connectionString });
    try {
      const trail = new PostgresAuditTrail({ pool, schema: freshSchema('audit_pool') });
      await trail.append([toolCall('over the host pool')]);
      expect((await trail.query()).map((stored) => stored.detail)).toEqual(['over the host pool']);
      await trail.close();
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('refuses unusable options when it is made, and every call once closed', async () => {
    expect(() => new PostgresAuditTrail({ schema: 'x' })).toThrow(PostgresStateStoreOptionsError);
    expect(
      () => new PostgresAuditTrail({ connectionString: server.connectionString, schema: 'no spaces allowed' }),
    ).toThrow(PostgresStateStoreOptionsError);
    const schema = freshSchema('audit_closed');
    const trail = new PostgresAuditTrail({ connectionString: server.connectionString, schema });
    await trail.append([toolCall('one')]);
    await trail.close();
    await trail.close();
    const closed = { code: 'POSTGRES_AUDIT_TRAIL_CLOSED', message: expect.stringContaining(schema) };
    await expect(trail.append([toolCall('two')])).rejects.toMatchObject(closed);
    await expect(trail.query()).rejects.toMatchObject(closed);
    await expect(trail.prune(new Date())).rejects.toMatchObject(closed);
  });

  it('several trails starting together on a new schema create it once', async () => {
    const schema = freshSchema('audit_race');
    const trails = Array.from(
      { length: 4 },
      () => new PostgresAuditTrail({ connectionString: server.connectionString, schema }),
    );
    try {
      await Promise.all(trails.map((trail, index) => trail.append([toolCall(`trail ${index}`)])));
      expect(await (trails[0] as PostgresAuditTrail).query()).toHaveLength(4);
    } finally {
      for (const trail of trails) await trail.close();
    }
  });
});

describe('a PostgreSQL schema of the release before the audit trail', () => {
  it('gains the audit table, keeps its layout version, and the other stores still read it', async () => {
    const schema = freshSchema('audit_previous');
    await writePreviousReleaseSchema(schema);
    const connection = { connectionString: server.connectionString, schema };
    await using trail = new PostgresAuditTrail(connection);
    await trail.append([toolCall('first'), toolCall('blocked', { kind: 'permission', outcome: 'Blocked' })]);
    expect((await trail.query({ kind: 'permission' })).map((stored) => stored.detail)).toEqual(['blocked']);
    expect(await tablesOf(schema)).toContain('audit_records');
    // The version stays, so the release that knows no audit table still opens the schema.
    expect(await layoutVersionOf(schema)).toBe(2);
    await using documents = new PostgresDocumentStore(connection);
    expect(await documents.get('notes', 'first')).toMatchObject({ version: 3, value: { text: 'kept' } });
    await documents.put('notes', 'second', { text: 'new' });
    await using checkpoints = new PostgresStateStore(connection);
    expect(await checkpoints.get('checkpoint-1')).toEqual(checkpoint);
    expect(await trail.prune(new Date('2030-01-01T00:00:00Z'))).toBe(2);
    expect((await documents.list('notes')).map((document) => document.key)).toEqual(['first', 'second']);
    expect((await checkpoints.list()).map((summary) => summary.sessionId)).toEqual(['checkpoint-1']);
  });

  it('a schema from a later release is refused by name and left without an audit table', async () => {
    const schema = freshSchema('audit_future');
    await writePreviousReleaseSchema(schema);
    await observer.query(`UPDATE "${schema}".schema_version SET version = $1`, [postgresSchemaVersion + 1]);
    await using trail = new PostgresAuditTrail({ connectionString: server.connectionString, schema });
    await expect(trail.append([toolCall('refused')])).rejects.toMatchObject({ code: 'POSTGRES_STORE_SCHEMA_TOO_NEW' });
    expect(await tablesOf(schema)).not.toContain('audit_records');
  });
});
