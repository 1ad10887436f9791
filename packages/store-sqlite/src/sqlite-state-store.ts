import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  assertValidSessionId,
  assertValidSessionState,
  type HistoryOptions,
  historyLimit,
  type SaveVersionedOptions,
  type SessionState,
  type SessionSummary,
  type StateStore,
  StateStoreClosedError,
  summarizeSession,
  timestampMilliseconds,
  type VersionedState,
} from '@orkeon/core';
import Database from 'better-sqlite3';
import { type SqliteSynchronousMode, sqliteSynchronousModes } from './sqlite-checkpointing-settings.js';
import { sqliteSchema } from './sqlite-schema.js';
import { SqliteStateStoreOpenError, SqliteStateStoreOptionError } from './sqlite-store-errors.js';

export interface SqliteStateStoreOptions {
  /**
   * The database file, created with its folder when missing. A relative path is
   * resolved against the working directory when the store is created. `:memory:`
   * gives a private in-memory database.
   */
  readonly path: string;
  /** How long a write waits for another process's write to finish. Default 5000 ms. */
  readonly busyTimeoutMilliseconds?: number;
  /**
   * When a write waits for the disk. `normal` (default): at WAL checkpoints only, so a
   * process crash loses nothing and a power cut may lose the latest writes, never the
   * file. `full`: at every commit, several times slower.
   */
  readonly synchronous?: SqliteSynchronousMode;
}

interface SessionRow {
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

/** The parameters of `upsertSession`, computed when `save` is called (later changes to the state do not leak in). */
interface SessionRowParameters {
  readonly sessionId: string;
  readonly crewId: string;
  readonly phase: string;
  readonly completedTaskCount: number;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly updatedAtMs: number;
  readonly stateJson: string;
}

interface PendingSave {
  readonly row: SessionRowParameters;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** The prepared statements, built once the database is open. */
interface Statements {
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

/**
 * A checkpoint state store in one SQLite file (better-sqlite3), the embedded default.
 * The file and its tables (`sessions`, `session_versions`) are created on first use,
 * in WAL mode so that readers never wait for the writer. A versioned save is one
 * transaction, started as a write (`BEGIN IMMEDIATE`) so that two processes sharing
 * the file cannot take the same version number.
 */
export class SqliteStateStore implements StateStore, AsyncDisposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #busyTimeoutMilliseconds: number;
  readonly #synchronous: SqliteSynchronousMode;
  #database: Database.Database | undefined;
  #statements: Statements | undefined;
  readonly #pendingSaves: PendingSave[] = [];
  /** The newest pending state JSON by session id, for `get`. */
  readonly #pendingStates = new Map<string, string>();
  #closed = false;

  constructor(options: SqliteStateStoreOptions) {
    if (typeof options.path !== 'string' || options.path.trim().length === 0) {
      throw new SqliteStateStoreOpenError(String(options.path), new Error('the path is empty'));
    }
    this.path = options.path === ':memory:' ? options.path : resolve(options.path);
    this.#busyTimeoutMilliseconds = options.busyTimeoutMilliseconds ?? 5000;
    const synchronous = options.synchronous ?? 'normal';
    if (!sqliteSynchronousModes.includes(synchronous)) {
      throw new SqliteStateStoreOptionError('synchronous', synchronous, "'normal' or 'full'");
    }
    this.#synchronous = synchronous;
  }

  /**
   * Saves the state. Saves made while the event loop is busy are committed together, in
   * one transaction, on its next turn (group commit): each commit writes whole pages, so
   * concurrent tasks share that cost. The promise settles once the state is committed.
   * `get` answers a pending save's state; every other call commits pending saves first.
   */
  save(state: SessionState): Promise<void> {
    let row: SessionRowParameters;
    try {
      assertValidSessionState(state);
      this.#open();
      row = sessionRow(state);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.#pendingSaves.push({ row, resolve, reject });
      this.#pendingStates.set(state.sessionId, row.stateJson);
      if (this.#pendingSaves.length === 1) setImmediate(() => this.#commitPendingSaves());
    });
  }

  async get(sessionId: string): Promise<SessionState | undefined> {
    assertValidSessionId(sessionId);
    // A save still waiting for its group commit is what this session holds now.
    const pending = this.#pendingStates.get(sessionId);
    if (pending !== undefined) return parseState({ state_json: pending });
    return parseState(this.#open().getSession.get(sessionId));
  }

  async latestForCrew(crewId: string): Promise<SessionState | undefined> {
    return parseState(this.#ready().latestForCrew.get(crewId));
  }

  async list(): Promise<SessionSummary[]> {
    return this.#ready()
      .listSessions.all()
      .map((row) => ({
        sessionId: row.session_id,
        crewId: row.crew_id,
        phase: row.phase,
        completedTaskCount: row.completed_task_count,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }));
  }

  async delete(sessionId: string): Promise<boolean> {
    assertValidSessionId(sessionId);
    const statements = this.#ready();
    const database = this.#requireDatabase();
    return database.transaction(() => {
      const versions = statements.deleteVersions.run(sessionId).changes;
      const sessions = statements.deleteSession.run(sessionId).changes;
      return versions + sessions > 0;
    })();
  }

  async saveVersioned(state: SessionState, options: SaveVersionedOptions = {}): Promise<VersionedState> {
    assertValidSessionState(state);
    const statements = this.#ready();
    const database = this.#requireDatabase();
    const save = database.transaction((): VersionedState => {
      const version = statements.nextVersion.get(state.sessionId)?.next ?? 1;
      const versioned: VersionedState = {
        versionId: randomUUID(),
        sessionId: state.sessionId,
        version,
        state,
        ...(options.stepId === undefined ? {} : { stepId: options.stepId }),
        ...(options.label === undefined ? {} : { label: options.label }),
        createdAt: new Date().toISOString(),
      };
      statements.insertVersion.run({
        versionId: versioned.versionId,
        sessionId: versioned.sessionId,
        version: versioned.version,
        stepId: options.stepId ?? null,
        label: options.label ?? null,
        createdAt: versioned.createdAt,
        stateJson: JSON.stringify(state),
      });
      statements.upsertSession.run(sessionRow(state));
      return versioned;
    });
    // Copies out, like every read: the caller's object is not handed back.
    return structuredClone(save.immediate());
  }

  async history(sessionId: string, options?: HistoryOptions): Promise<VersionedState[]> {
    assertValidSessionId(sessionId);
    const limit = historyLimit(options) ?? -1;
    return this.#ready().history.all(sessionId, limit).map(versionFromRow);
  }

  async getVersion(sessionId: string, versionId: string): Promise<VersionedState | undefined> {
    assertValidSessionId(sessionId);
    const row = this.#ready().getVersion.get(sessionId, versionId);
    return row === undefined ? undefined : versionFromRow(row);
  }

  /** Closes the database file; the store cannot be used afterwards. */
  async close(): Promise<void> {
    if (this.#database !== undefined) this.#commitPendingSaves();
    this.#closed = true;
    this.#statements = undefined;
    this.#database?.close();
    this.#database = undefined;
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** Opens the store if needed and commits pending saves, so that what follows sees them. */
  #ready(): Statements {
    const statements = this.#open();
    if (this.#pendingSaves.length > 0) this.#commitPendingSaves();
    return statements;
  }

  #commitPendingSaves(): void {
    const saves = this.#pendingSaves.splice(0);
    this.#pendingStates.clear();
    if (saves.length === 0) return;
    const statements = this.#statements;
    const database = this.#database;
    if (statements === undefined || database === undefined) {
      const closed = new StateStoreClosedError(`SQLite state store at '${this.path}'`);
      for (const save of saves) save.reject(closed);
      return;
    }
    try {
      database.transaction(() => {
        for (const save of saves) statements.upsertSession.run(save.row);
      })();
    } catch {
      // The whole group rolled back: commit each save on its own, so one failure fails only its caller.
      for (const save of saves) {
        try {
          statements.upsertSession.run(save.row);
          save.resolve();
        } catch (error) {
          save.reject(error);
        }
      }
      return;
    }
    for (const save of saves) save.resolve();
  }

  #requireDatabase(): Database.Database {
    if (this.#database === undefined) throw new StateStoreClosedError(`SQLite state store at '${this.path}'`);
    return this.#database;
  }

  /** Opens the file and creates the tables the first time the store is used. */
  #open(): Statements {
    if (this.#closed) throw new StateStoreClosedError(`SQLite state store at '${this.path}'`);
    if (this.#statements !== undefined) return this.#statements;
    let database: Database.Database | undefined;
    try {
      if (this.path !== ':memory:') mkdirSync(dirname(this.path), { recursive: true });
      database = new Database(this.path);
      database.pragma(`busy_timeout = ${Math.max(0, Math.trunc(this.#busyTimeoutMilliseconds))}`);
      database.pragma('journal_mode = WAL');
      database.pragma(`synchronous = ${this.#synchronous.toUpperCase()}`);
      database.exec(sqliteSchema);
      this.#statements = prepare(database);
      this.#database = database;
      return this.#statements;
    } catch (error) {
      database?.close();
      throw new SqliteStateStoreOpenError(this.path, error);
    }
  }
}

function prepare(database: Database.Database): Statements {
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

function parseState(row: SessionRow | undefined): SessionState | undefined {
  return row === undefined ? undefined : (JSON.parse(row.state_json) as SessionState);
}

function versionFromRow(row: VersionRow): VersionedState {
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

function sessionRow(state: SessionState): SessionRowParameters {
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
