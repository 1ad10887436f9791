import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AuditRecord } from '@orkeon/core';
import { createTemporaryDirectory, type TemporaryDirectory } from '@orkeon/testing';
import { describeAuditTrailConformance } from '@orkeon/testing/conformance';
import Database from 'better-sqlite3';
import * as vitest from 'vitest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SqliteAuditTrail,
  SqliteDocumentStore,
  SqliteStateStore,
  SqliteStateStoreOptionError,
  sqliteSchemaVersion,
} from '../src/index.js';
import { legacyCheckpoint, legacyExecutionRecord, legacyTaskRecord, writeRelease01File } from './release-0.1-layout.js';

const folders: TemporaryDirectory[] = [];

async function newPath(): Promise<string> {
  const folder = await createTemporaryDirectory('orkeon-sqlite-audit-');
  folders.push(folder);
  return join(folder.path, 'state.db');
}

afterEach(async () => {
  for (const folder of folders.splice(0)) await folder.remove();
});

describeAuditTrailConformance(vitest, 'SqliteAuditTrail', async () => {
  const path = await newPath();
  const trails = [new SqliteAuditTrail({ path })];
  return {
    trail: trails[0] as SqliteAuditTrail,
    reopen: async () => {
      const reopened = new SqliteAuditTrail({ path });
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

/** The file seen from a plain connection of its own. */
function inspect(path: string) {
  const database = new Database(path, { readonly: true });
  try {
    return {
      userVersion: database.pragma('user_version', { simple: true }),
      tables: database
        .prepare<[], { name: string }>(
          "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .all()
        .map((row) => row.name),
    };
  } finally {
    database.close();
  }
}

describe('SqliteAuditTrail on disk', () => {
  it('creates its table with the documented columns and a time index, on first use only', async () => {
    const path = await newPath();
    await using trail = new SqliteAuditTrail({ path });
    expect(trail.path).toBe(path);
    await trail.query();
    const database = new Database(path, { readonly: true });
    try {
      const columns = database
        .prepare<[], { name: string; type: string; pk: number }>('PRAGMA table_info(audit_records)')
        .all()
        .map(({ name, type, pk }) => ({ name, type, pk }));
      expect(columns).toEqual([
        { name: 'sequence', type: 'INTEGER', pk: 1 },
        { name: 'at', type: 'TEXT', pk: 0 },
        { name: 'at_ms', type: 'INTEGER', pk: 0 },
        { name: 'kind', type: 'TEXT', pk: 0 },
        { name: 'outcome', type: 'TEXT', pk: 0 },
        { name: 'tool', type: 'TEXT', pk: 0 },
        { name: 'agent', type: 'TEXT', pk: 0 },
        { name: 'crew', type: 'TEXT', pk: 0 },
        { name: 'task', type: 'TEXT', pk: 0 },
        { name: 'run', type: 'TEXT', pk: 0 },
        { name: 'caller', type: 'TEXT', pk: 0 },
        { name: 'duration_ms', type: 'REAL', pk: 0 },
        { name: 'detail', type: 'TEXT', pk: 0 },
      ]);
      const indexed = database
        .prepare<[], { name: string }>("SELECT name FROM pragma_index_info('audit_records_by_time')")
        .all();
      expect(indexed).toEqual([{ name: 'at_ms' }]);
    } finally {
      database.close();
    }
  });

  it('never touches the disk when it is never used', async () => {
    const path = await newPath();
    await new SqliteAuditTrail({ path }).close();
    expect(existsSync(path)).toBe(false);
  });

  it('another connection sees a batch as soon as append has answered', async () => {
    const path = await newPath();
    await using trail = new SqliteAuditTrail({ path });
    await using reader = new SqliteAuditTrail({ path });
    expect(await reader.query()).toEqual([]);
    await trail.append([toolCall('one'), toolCall('two')]);
    expect((await reader.query()).map((stored) => stored.detail)).toEqual(['two', 'one']);
    const other = new Database(path, { readonly: true });
    try {
      expect(other.prepare('SELECT count(*) AS n FROM audit_records').get()).toEqual({ n: 2 });
    } finally {
      other.close();
    }
  });

  it('another process appends to the same file, and this one reads its records after its own', async () => {
    const path = await newPath();
    await using trail = new SqliteAuditTrail({ path });
    await trail.append([toolCall('parent')]);
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--conditions=@orkeon/source',
        '--import',
        pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href,
        fileURLToPath(new URL('./audit-writer-process.ts', import.meta.url)),
        path,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
    expect(output).toBe('appended 3\n');
    expect(code).toBe(0);
    const found = await trail.query();
    expect(found.map((stored) => stored.detail)).toEqual(['child 3', 'child 2', 'child 1', 'parent']);
    expect(found.map((stored) => stored.sequence)).toEqual([4, 3, 2, 1]);
    await trail.append([toolCall('parent again')]);
    expect((await trail.query({ limit: 1 }))[0]).toMatchObject({ detail: 'parent again', sequence: 5 });
  });

  it('a batch the database refuses part-way is rolled back whole', async () => {
    const path = await newPath();
    await using trail = new SqliteAuditTrail({ path });
    await trail.append([toolCall('kept')]);
    const database = new Database(path);
    database.exec(`CREATE TRIGGER refuse_boom BEFORE INSERT ON audit_records WHEN NEW.detail = 'boom'
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    database.close();
    await expect(trail.append([toolCall('before'), toolCall('boom'), toolCall('after')])).rejects.toThrow(/refused/);
    expect((await trail.query()).map((stored) => stored.detail)).toEqual(['kept']);
  });

  it('works on a private in-memory database', async () => {
    await using trail = new SqliteAuditTrail({ path: ':memory:' });
    await trail.append([toolCall('a'), toolCall('b', { at: '2026-01-02T00:00:00+01:00' })]);
    expect(await trail.query({ since: new Date('2026-01-01T12:00:00Z') })).toEqual([
      { sequence: 2, at: '2026-01-01T23:00:00.000Z', kind: 'tool', outcome: 'Success', detail: 'b' },
    ]);
    await using another = new SqliteAuditTrail({ path: ':memory:' });
    expect(await another.query()).toEqual([]);
  });

  it('refuses an unusable option when it is made, and every call once closed', async () => {
    const path = await newPath();
    expect(() => new SqliteAuditTrail({ path, synchronous: 'off' as 'full' })).toThrow(SqliteStateStoreOptionError);
    expect(() => new SqliteAuditTrail({ path: ' ' })).toThrow(/path is empty/);
    const trail = new SqliteAuditTrail({ path, busyTimeoutMilliseconds: 100, synchronous: 'full' });
    await trail.append([toolCall('one')]);
    await trail.close();
    await trail.close();
    const closed = { code: 'SQLITE_AUDIT_TRAIL_CLOSED', message: expect.stringContaining(path) };
    await expect(trail.append([toolCall('two')])).rejects.toMatchObject(closed);
    await expect(trail.query()).rejects.toMatchObject(closed);
    await expect(trail.prune(new Date())).rejects.toMatchObject(closed);
  });
});

describe('the audit table beside the other stores, in one file', () => {
  it('keeps to its table: documents, checkpoints and audit records do not disturb one another', async () => {
    const path = await newPath();
    await using documents = new SqliteDocumentStore({ path });
    await using checkpoints = new SqliteStateStore({ path });
    await using trail = new SqliteAuditTrail({ path });
    await documents.put('notes', 'first', { text: 'kept' });
    await trail.append([toolCall('audited', { at: '2020-01-01T00:00:00Z' }), toolCall('recent')]);
    await checkpoints.save(legacyCheckpoint as Parameters<SqliteStateStore['save']>[0]);
    await documents.put('notes', 'second', { text: 'also kept' });
    expect(await trail.prune(new Date('2021-01-01T00:00:00Z'))).toBe(1);
    expect((await documents.list('notes')).map((document) => document.key)).toEqual(['first', 'second']);
    expect(await documents.get('notes', 'first')).toMatchObject({ version: 1, value: { text: 'kept' } });
    expect(await checkpoints.get('checkpoint-1')).toEqual(legacyCheckpoint);
    expect((await trail.query()).map((stored) => stored.detail)).toEqual(['recent']);
    expect(inspect(path)).toEqual({
      userVersion: sqliteSchemaVersion,
      tables: ['audit_records', 'documents', 'session_versions', 'sessions'],
    });
  });

  it('a file of this layout written before the audit trail gains its table, its layout version unchanged', async () => {
    const path = await newPath();
    const documents = new SqliteDocumentStore({ path });
    await documents.put('a2a-tasks', 'task-1', legacyTaskRecord);
    await documents.close();
    expect(inspect(path).tables).not.toContain('audit_records');
    await using trail = new SqliteAuditTrail({ path });
    await trail.append([toolCall('added')]);
    expect((await trail.query()).map((stored) => stored.detail)).toEqual(['added']);
    // The version stays, so a release that knows no audit table still opens the file.
    expect(inspect(path)).toEqual({
      userVersion: sqliteSchemaVersion,
      tables: ['audit_records', 'documents', 'session_versions', 'sessions'],
    });
    await using reopened = new SqliteDocumentStore({ path });
    expect(await reopened.get('a2a-tasks', 'task-1')).toMatchObject({ version: 1, value: legacyTaskRecord });
  });

  it('a file of release 0.1 opened by the audit trail first: migrated once, records kept, the other stores read it', async () => {
    const path = await newPath();
    const database = new Database(path);
    writeRelease01File(database);
    database.close();
    await using trail = new SqliteAuditTrail({ path });
    await trail.append([toolCall('first'), toolCall('second', { kind: 'permission', outcome: 'Blocked' })]);
    expect((await trail.query({ outcome: 'Blocked' })).map((stored) => stored.detail)).toEqual(['second']);
    expect(inspect(path).userVersion).toBe(sqliteSchemaVersion);
    await using documents = new SqliteDocumentStore({ path });
    expect((await documents.get('a2a-tasks', 'task-1'))?.value).toEqual(legacyTaskRecord);
    expect(await documents.get('crew-executions', 'run-1')).toMatchObject({ value: legacyExecutionRecord, version: 3 });
    await using checkpoints = new SqliteStateStore({ path });
    expect((await checkpoints.list()).map((summary) => summary.sessionId)).toEqual(['checkpoint-1']);
    expect(await checkpoints.get('checkpoint-1')).toEqual(legacyCheckpoint);
    expect((await trail.query()).map((stored) => stored.detail)).toEqual(['second', 'first']);
  });

  it('a file of release 0.1 migrated by the other stores first still takes the audit table', async () => {
    const path = await newPath();
    const database = new Database(path);
    writeRelease01File(database);
    database.close();
    await using checkpoints = new SqliteStateStore({ path });
    await using trail = new SqliteAuditTrail({ path });
    expect((await checkpoints.list()).map((summary) => summary.sessionId)).toEqual(['checkpoint-1']);
    expect(inspect(path).tables).not.toContain('audit_records');
    await trail.append([toolCall('after the migration')]);
    expect((await trail.query()).map((stored) => stored.detail)).toEqual(['after the migration']);
    expect(await checkpoints.get('checkpoint-1')).toEqual(legacyCheckpoint);
  });

  it('a file from a later release is refused by name, and left untouched', async () => {
    const path = await newPath();
    const database = new Database(path);
    database.pragma(`user_version = ${sqliteSchemaVersion + 1}`);
    database.close();
    await using trail = new SqliteAuditTrail({ path });
    await expect(trail.query()).rejects.toMatchObject({ code: 'SQLITE_STORE_SCHEMA_TOO_NEW' });
    expect(inspect(path)).toEqual({ userVersion: sqliteSchemaVersion + 1, tables: [] });
  });
});
