import type Database from 'better-sqlite3';

/** The tables release 0.1 created, written out here so the test does not depend on today's schema. */
const release01Schema = `
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
`;

export const legacyTaskRecord = {
  format: 1,
  taskId: 'task-1',
  skillId: 'echo',
  status: 'Completed',
  output: 'echo: hi',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:02.000Z',
};
export const legacyLongTaskId = `long-${'x'.repeat(250)}`;
export const legacyExecutionRecord = {
  format: 1,
  executionId: 'run-1',
  crewId: 'writers',
  status: 'Running',
  input: 'tides',
  metadata: { attempt: '2' },
  createdAt: '2026-05-01T09:00:00.000Z',
  updatedAt: '2026-05-01T09:05:00.000Z',
};

/** A session carrying one record in a task checkpoint, as release 0.1 stored records. */
export function recordSession(sessionId: string, crewId: string, checkpointId: string, record: object) {
  const updatedAt = (record as { updatedAt: string }).updatedAt;
  return {
    sessionId,
    crewId,
    phase: 'Completed',
    completedTaskIndex: 0,
    taskCheckpoints: {
      [checkpointId]: {
        taskId: checkpointId,
        status: 'Pending',
        output: JSON.stringify(record),
        timestamp: updatedAt,
        retryCount: 0,
      },
    },
    createdAt: (record as { createdAt: string }).createdAt,
    updatedAt,
  };
}

export const legacyCheckpoint = {
  sessionId: 'checkpoint-1',
  crewId: 'writers',
  phase: 'Failed',
  completedTaskIndex: 1,
  taskCheckpoints: {
    research: {
      taskId: 'research',
      status: 'Completed',
      output: 'facts',
      timestamp: '2026-05-01T08:01:00.000Z',
      retryCount: 0,
    },
  },
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:01:00.000Z',
};

/** Writes, with plain SQL, what release 0.1 left in a file: one checkpoint run, three records, one record version. */
export function writeRelease01File(database: Database.Database): void {
  database.exec(release01Schema);
  const session = database.prepare(
    'INSERT INTO sessions VALUES (@sessionId, @crewId, @phase, @count, @createdAt, @updatedAt, @ms, @json)',
  );
  const add = (
    state: { sessionId: string; crewId: string; phase: string; createdAt: string; updatedAt: string },
    count = 0,
  ) => session.run({ ...state, count, ms: Date.parse(state.updatedAt), json: JSON.stringify(state) });
  add(legacyCheckpoint, 1);
  add(recordSession('a2a-task:task-1', 'a2a-task', 'a2a-task-record', legacyTaskRecord));
  add(
    recordSession('a2a-task:sha256.0123', 'a2a-task', 'a2a-task-record', {
      ...legacyTaskRecord,
      taskId: legacyLongTaskId,
      status: 'Cancelled',
      output: undefined,
    }),
  );
  add(recordSession('crew-exec:run-1', 'crew-exec:writers', 'crew-execution-state', legacyExecutionRecord));
  const version = database.prepare(
    'INSERT INTO session_versions VALUES (@id, @sessionId, @version, NULL, NULL, @createdAt, @json)',
  );
  version.run({
    id: 'v1',
    sessionId: legacyCheckpoint.sessionId,
    version: 1,
    createdAt: legacyCheckpoint.createdAt,
    json: JSON.stringify(legacyCheckpoint),
  });
  // Nothing in 0.1 wrote versions of records, but a host could have: the count carries over.
  for (const number of [1, 2, 3]) {
    version.run({
      id: `e${number}`,
      sessionId: 'crew-exec:run-1',
      version: number,
      createdAt: legacyExecutionRecord.createdAt,
      json: '{}',
    });
  }
}
