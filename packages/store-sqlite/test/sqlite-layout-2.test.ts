import { join } from 'node:path';
import { createTemporaryDirectory } from '@orkeon/testing';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteDocumentStore, SqliteStateStore, sqliteSchemaVersion } from '../src/index.js';

/** The tables of layout 2 (the release before this one), written out here so the test does not depend on today's schema. */
const layout2Schema = `
CREATE TABLE sessions (
  session_id TEXT PRIMARY KEY NOT NULL, crew_id TEXT NOT NULL, phase TEXT NOT NULL,
  completed_task_count INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  updated_at_ms INTEGER NOT NULL, state_json TEXT NOT NULL
) STRICT;
CREATE INDEX sessions_by_crew ON sessions (crew_id, updated_at_ms DESC, session_id DESC);
CREATE INDEX sessions_by_update ON sessions (updated_at_ms DESC, session_id DESC);
CREATE TABLE session_versions (
  version_id TEXT PRIMARY KEY NOT NULL, session_id TEXT NOT NULL, version INTEGER NOT NULL,
  step_id TEXT, label TEXT, created_at TEXT NOT NULL, state_json TEXT NOT NULL, UNIQUE (session_id, version)
) STRICT;
CREATE TABLE documents (
  collection TEXT NOT NULL, key TEXT NOT NULL, version INTEGER NOT NULL, created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL, value_json TEXT NOT NULL, PRIMARY KEY (collection, key)
) STRICT, WITHOUT ROWID;
PRAGMA user_version = 2;
`;

const session = {
  sessionId: 'run-1',
  crewId: 'writers',
  phase: 'Running',
  completedTaskIndex: 0,
  taskCheckpoints: {},
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:05:00.000Z',
};

function writeLayout2File(path: string): void {
  const database = new Database(path);
  database.pragma('journal_mode = WAL');
  database.exec(layout2Schema);
  const insert = database.prepare(
    'INSERT INTO documents VALUES (@collection, @key, @version, @createdAt, @updatedAt, @json)',
  );
  for (const [key, version] of [
    ['b-task', 4],
    ['a-task', 1],
    ['c-task', 2],
  ] as const)
    insert.run({
      collection: 'a2a-tasks',
      key,
      version,
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:05.000Z',
      json: JSON.stringify({ id: key, state: 'TASK_STATE_COMPLETED' }),
    });
  database
    .prepare('INSERT INTO sessions VALUES (?, ?, ?, 0, ?, ?, ?, ?)')
    .run(
      'run-1',
      'writers',
      'Running',
      session.createdAt,
      session.updatedAt,
      Date.parse(session.updatedAt),
      JSON.stringify(session),
    );
  database.close();
}

describe('a state file of layout 2', () => {
  it('is read by this release: documents keep their versions, times and order, and take new writes', async () => {
    await using folder = await createTemporaryDirectory('orkeon-sqlite-layout-2-');
    const path = join(folder.path, 'state.db');
    writeLayout2File(path);

    await using documents = new SqliteDocumentStore({ path });
    expect(await documents.get('a2a-tasks', 'b-task')).toMatchObject({
      version: 4,
      value: { id: 'b-task', state: 'TASK_STATE_COMPLETED' },
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:05.000Z',
    });
    expect((await documents.list('a2a-tasks')).map((item) => item.key)).toEqual(['a-task', 'b-task', 'c-task']);
    expect(
      (await documents.put('a2a-tasks', 'b-task', { id: 'b-task', state: 'later' }, { expectedVersion: 4 })).version,
    ).toBe(5);
    await expect(documents.put('a2a-tasks', 'a-task', { id: 'a-task' }, { expectedVersion: 7 })).rejects.toMatchObject({
      code: 'DOCUMENT_VERSION_CONFLICT',
    });
    await documents.put('a2a-tasks', 'd-task', { id: 'd-task' });
    expect(await documents.list('a2a-tasks')).toHaveLength(4);

    await using states = new SqliteStateStore({ path });
    expect(await states.get('run-1')).toMatchObject({ sessionId: 'run-1', crewId: 'writers', phase: 'Running' });

    const database = new Database(path, { readonly: true });
    try {
      expect(database.pragma('user_version', { simple: true })).toBe(sqliteSchemaVersion);
      const columns = (database.prepare('PRAGMA table_info(documents)').all() as { name: string }[]).map(
        (column) => column.name,
      );
      expect(columns[0]).toBe('row_id');
      expect(database.prepare("SELECT name FROM sqlite_master WHERE name = 'documents_layout_2'").all()).toEqual([]);
    } finally {
      database.close();
    }
  });
});
