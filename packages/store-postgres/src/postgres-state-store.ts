import { randomUUID } from 'node:crypto';
import {
  type HistoryOptions,
  type SaveVersionedOptions,
  type SessionState,
  type SessionSummary,
  type StateStore,
  StateStoreClosedError,
  type VersionedState,
} from '@orkeon/core';
import {
  assertValidSessionId,
  assertValidSessionState,
  historyLimit,
  summarizeSession,
  timestampMilliseconds,
} from '@orkeon/core/stores';
import type pg from 'pg';
import { inTransaction, openPostgresConnection, type PostgresConnectionOptions } from './postgres-connection.js';
import { preparePostgresSchema } from './postgres-migration.js';
import {
  PostgresStateStoreOptionsError,
  PostgresStateStoreSetupError,
  PostgresStoreSchemaTooNewError,
} from './postgres-store-errors.js';

export interface PostgresStateStoreOptions extends PostgresConnectionOptions {
  /** Versions kept per session; older ones are deleted as new ones are saved. Default 1000. */
  readonly maxHistoryPerSession?: number;
  /** The time written into versions; tests pass a fixed clock. */
  readonly now?: () => Date;
  /** The id of a new version. Default: a random UUID. */
  readonly newId?: () => string;
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
  readonly created_at: Date;
  readonly state: SessionState;
}

const newestFirst = 'ORDER BY updated_at DESC, session_id COLLATE "C" DESC';
const versionColumns = 'version_id, session_id, version, step_id, label, created_at, state';

/**
 * A checkpoint state store in PostgreSQL (pg), the shared store for several instances.
 * Its schema (default `orkeon`) and tables (`sessions`, `session_versions`) are created
 * on first use under an advisory lock, so processes starting together do not race; a
 * schema of an older release is migrated then (see `preparePostgresSchema`).
 * A versioned save is one transaction; it keeps the newest `maxHistoryPerSession`
 * versions of the session and deletes older ones.
 */
export class PostgresStateStore implements StateStore, AsyncDisposable {
  readonly schema: string;
  readonly maxHistoryPerSession: number;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #now: () => Date;
  readonly #newId: () => string;
  readonly #tables: { readonly sessions: string; readonly versions: string };
  #ready: Promise<void> | undefined;
  #closed = false;

  constructor(options: PostgresStateStoreOptions) {
    const maxHistoryPerSession = options.maxHistoryPerSession ?? 1000;
    if (!Number.isInteger(maxHistoryPerSession) || maxHistoryPerSession < 1) {
      throw new PostgresStateStoreOptionsError(
        `maxHistoryPerSession ${maxHistoryPerSession} must be a whole number of 1 or more`,
      );
    }
    const connection = openPostgresConnection(options);
    this.schema = connection.schema;
    this.maxHistoryPerSession = maxHistoryPerSession;
    this.#ownsPool = connection.ownsPool;
    this.#pool = connection.pool;
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
    this.#tables = { sessions: `"${this.schema}".sessions`, versions: `"${this.schema}".session_versions` };
  }

  async save(state: SessionState): Promise<void> {
    assertValidSessionState(state);
    await this.#prepared();
    await this.#upsert(this.#pool, state);
  }

  async get(sessionId: string): Promise<SessionState | undefined> {
    assertValidSessionId(sessionId);
    await this.#prepared();
    const result = await this.#pool.query<{ state: SessionState }>(
      `SELECT state FROM ${this.#tables.sessions} WHERE session_id = $1`,
      [sessionId],
    );
    return result.rows[0]?.state;
  }

  async latestForCrew(crewId: string): Promise<SessionState | undefined> {
    await this.#prepared();
    const result = await this.#pool.query<{ state: SessionState }>(
      `SELECT state FROM ${this.#tables.sessions} WHERE crew_id = $1 ${newestFirst} LIMIT 1`,
      [crewId],
    );
    return result.rows[0]?.state;
  }

  async list(): Promise<SessionSummary[]> {
    await this.#prepared();
    // The texts come from the stored state: the timestamptz column would not keep their original form.
    const result = await this.#pool.query<SummaryRow>(
      `SELECT session_id, crew_id, phase, completed_task_count,
              state->>'createdAt' AS created_at, state->>'updatedAt' AS updated_at
       FROM ${this.#tables.sessions} ${newestFirst}`,
    );
    return result.rows.map((row) => ({
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
    await this.#prepared();
    // One statement, so the session and its versions go together.
    const result = await this.#pool.query<{ removed: number }>(
      `WITH versions AS (DELETE FROM ${this.#tables.versions} WHERE session_id = $1 RETURNING 1),
            sessions AS (DELETE FROM ${this.#tables.sessions} WHERE session_id = $1 RETURNING 1)
       SELECT ((SELECT count(*) FROM versions) + (SELECT count(*) FROM sessions))::integer AS removed`,
      [sessionId],
    );
    return (result.rows[0]?.removed ?? 0) > 0;
  }

  async saveVersioned(state: SessionState, options: SaveVersionedOptions = {}): Promise<VersionedState> {
    assertValidSessionState(state);
    await this.#prepared();
    return inTransaction(this.#pool, async (client) => {
      // The upsert locks the session's row, so concurrent versioned saves of one session take turns.
      await this.#upsert(client, state);
      const next = await client.query<{ next: number }>(
        `SELECT (COALESCE(MAX(version), 0) + 1)::integer AS next FROM ${this.#tables.versions} WHERE session_id = $1`,
        [state.sessionId],
      );
      const version = next.rows[0]?.next ?? 1;
      const versioned: VersionedState = {
        versionId: this.#newId(),
        sessionId: state.sessionId,
        version,
        state: structuredClone(state),
        ...(options.stepId === undefined ? {} : { stepId: options.stepId }),
        ...(options.label === undefined ? {} : { label: options.label }),
        createdAt: this.#now().toISOString(),
      };
      await client.query(
        `INSERT INTO ${this.#tables.versions} (${versionColumns}) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
        [
          versioned.versionId,
          versioned.sessionId,
          version,
          options.stepId ?? null,
          options.label ?? null,
          versioned.createdAt,
          JSON.stringify(state),
        ],
      );
      await client.query(`DELETE FROM ${this.#tables.versions} WHERE session_id = $1 AND version <= $2`, [
        state.sessionId,
        version - this.maxHistoryPerSession,
      ]);
      return versioned;
    });
  }

  async history(sessionId: string, options?: HistoryOptions): Promise<VersionedState[]> {
    assertValidSessionId(sessionId);
    const limit = historyLimit(options);
    await this.#prepared();
    // LIMIT NULL means no limit.
    const result = await this.#pool.query<VersionRow>(
      `SELECT ${versionColumns} FROM ${this.#tables.versions} WHERE session_id = $1 ORDER BY version DESC LIMIT $2`,
      [sessionId, limit ?? null],
    );
    return result.rows.map(versionFromRow);
  }

  async getVersion(sessionId: string, versionId: string): Promise<VersionedState | undefined> {
    assertValidSessionId(sessionId);
    await this.#prepared();
    const result = await this.#pool.query<VersionRow>(
      `SELECT ${versionColumns} FROM ${this.#tables.versions} WHERE session_id = $1 AND version_id = $2`,
      [sessionId, versionId],
    );
    const row = result.rows[0];
    return row === undefined ? undefined : versionFromRow(row);
  }

  /** Ends the pool the store created (a pool given in the options stays open); the store cannot be used afterwards. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#ownsPool) await this.#pool.end();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  async #upsert(client: pg.Pool | pg.PoolClient, state: SessionState): Promise<void> {
    await client.query(
      `INSERT INTO ${this.#tables.sessions} (session_id, crew_id, phase, completed_task_count, updated_at, state)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (session_id) DO UPDATE SET
         crew_id = EXCLUDED.crew_id, phase = EXCLUDED.phase, completed_task_count = EXCLUDED.completed_task_count,
         updated_at = EXCLUDED.updated_at, state = EXCLUDED.state`,
      [
        state.sessionId,
        state.crewId,
        state.phase,
        summarizeSession(state).completedTaskCount,
        new Date(timestampMilliseconds(state.updatedAt)),
        JSON.stringify(state),
      ],
    );
  }

  /** Creates (or migrates) the schema and tables once per store; a failed attempt is retried by the next call. */
  #prepared(): Promise<void> {
    if (this.#closed)
      return Promise.reject(new StateStoreClosedError(`PostgreSQL state store (schema '${this.schema}')`));
    this.#ready ??= preparePostgresSchema(this.#pool, this.schema).catch((error: unknown) => {
      this.#ready = undefined;
      if (PostgresStoreSchemaTooNewError.isInstance(error)) throw error;
      throw new PostgresStateStoreSetupError(this.schema, error);
    });
    return this.#ready;
  }
}

function versionFromRow(row: VersionRow): VersionedState {
  return {
    versionId: row.version_id,
    sessionId: row.session_id,
    version: row.version,
    state: row.state,
    ...(row.step_id === null ? {} : { stepId: row.step_id }),
    ...(row.label === null ? {} : { label: row.label }),
    createdAt: row.created_at.toISOString(),
  };
}
