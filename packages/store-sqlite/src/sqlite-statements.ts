import type { SessionState, SessionSummary, VersionedState } from '@orkeon/core';
import { summarizeSession, timestampMilliseconds } from '@orkeon/core/stores';
import type Database from 'better-sqlite3';

/** The parameters of `upsertSession`, computed when `save` is called (later changes to the state do not leak in). */
export interface SessionRowParameters {
  readonly sessionId: string;
  readonly crewId: string;
  readonly phase: string;
  readonly completedTaskCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly updatedAtMs: number;
  readonly stateJson: string;
}

export interface SessionRow {
  readonly state_json: string;
}

interface SummaryRow {
  readonly session_id: string;
  readonly crew_id: string;
  readonly phase: SessionSummary['phase'];
  readonly completed_task_count: number;
  readonly created_at: string;
  readonly updated_at: string;
}

interface VersionRow {
  readonly version_id: string;
  readonly session_id: string;
  readonly version: number;
  readonly step_id: string | null;
  readonly label: string | null;
  readonly created_at: string;
  readonly state_json: string;
}

/** The prepared statements of the state store, built once the database is open. */
export interface StateStatements {
  readonly upsertSession: Database.Statement;
  readonly getSession: Database.Statement<[string], SessionRow>;
  readonly latestForCrew: Database.Statement<[string], SessionRow>;
  readonly listSessions: Database.Statement<[], SummaryRow>;
  readonly deleteSession: Database.Statement<[string]>;
  readonly deleteVersions: Database.Statement<[string]>;
  readonly nextVersion: Database.Statement<[string], { readonly next: number }>;
  readonly insertVersion: Database.Statement;
  readonly history: Database.Statement<[string, number], VersionRow>;
  readonly getVersion: Database.Statement<[string, string], VersionRow>;
}

const newestFirst = 'ORDER BY updated_at_ms DESC, session_id DESC';
const versionColumns = 'version_id, session_id, version, step_id, label, created_at, state_json';

export function prepareStateStatements(database: Database.Database): StateStatements {
  return {
    upsertSession: database.prepare(
      `INSERT INTO sessions (session_id, crew_id, phase, completed_task_count, created_at, updated_at, updated_at_ms, state_json)
       VALUES (@sessionId, @crewId, @phase, @completedTaskCount, @createdAt, @updatedAt, @updatedAtMs, @stateJson)
       ON CONFLICT (session_id) DO UPDATE SET
         crew_id = excluded.crew_id, phase = excluded.phase, completed_task_count = excluded.completed_task_count,
         created_at = excluded.created_at, updated_at = excluded.updated_at, updated_at_ms = excluded.updated_at_ms,
         state_json = excluded.state_json`,
    ),
    getSession: database.prepare<[string], SessionRow>('SELECT state_json FROM sessions WHERE session_id = ?'),
    latestForCrew: database.prepare<[string], SessionRow>(
      `SELECT state_json FROM sessions WHERE crew_id = ? ${newestFirst} LIMIT 1`,
    ),
    listSessions: database.prepare<[], SummaryRow>(
      `SELECT session_id, crew_id, phase, completed_task_count, created_at, updated_at FROM sessions ${newestFirst}`,
    ),
    deleteSession: database.prepare<[string]>('DELETE FROM sessions WHERE session_id = ?'),
    deleteVersions: database.prepare<[string]>('DELETE FROM session_versions WHERE session_id = ?'),
    nextVersion: database.prepare<[string], { readonly next: number }>(
      'SELECT COALESCE(MAX(version), 0) + 1 AS next FROM session_versions WHERE session_id = ?',
    ),
    insertVersion: database.prepare(
      `INSERT INTO session_versions (${versionColumns})
       VALUES (@versionId, @sessionId, @version, @stepId, @label, @createdAt, @stateJson)`,
    ),
    // LIMIT -1 means no limit in SQLite.
    history: database.prepare<[string, number], VersionRow>(
      `SELECT ${versionColumns} FROM session_versions WHERE session_id = ? ORDER BY version DESC LIMIT ?`,
    ),
    getVersion: database.prepare<[string, string], VersionRow>(
      `SELECT ${versionColumns} FROM session_versions WHERE session_id = ? AND version_id = ?`,
    ),
  };
}

export function parseState(row: SessionRow | undefined): SessionState | undefined {
  return row === undefined ? undefined : (JSON.parse(row.state_json) as SessionState);
}

export function summaryFromRow(row: SummaryRow): SessionSummary {
  return {
    sessionId: row.session_id,
    crewId: row.crew_id,
    phase: row.phase,
    completedTaskCount: row.completed_task_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function versionFromRow(row: VersionRow): VersionedState {
  return {
    versionId: row.version_id,
    sessionId: row.session_id,
    version: row.version,
    state: JSON.parse(row.state_json) as SessionState,
    ...(row.step_id === null ? {} : { stepId: row.step_id }),
    ...(row.label === null ? {} : { label: row.label }),
    createdAt: row.created_at,
  };
}

export function sessionRow(state: SessionState): SessionRowParameters {
  return {
    sessionId: state.sessionId,
    crewId: state.crewId,
    phase: state.phase,
    completedTaskCount: summarizeSession(state).completedTaskCount,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
    updatedAtMs: timestampMilliseconds(state.updatedAt),
    stateJson: JSON.stringify(state),
  };
}
