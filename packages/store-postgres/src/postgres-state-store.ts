import { randomUUID } from 'node:crypto';
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
import pg from 'pg';
import { postgresSchemaStatements, schemaNamePattern } from './postgres-schema.js';
import { PostgresStateStoreOptionsError, PostgresStateStoreSetupError } from './postgres-store-errors.js';

export interface PostgresStateStoreOptions {
  /** Where to connect; the store creates its own pool and ends it on `close()`. */
  readonly connectionString?: string;
  /** A pool the host owns; the store uses it and leaves it open on `close()`. */
  readonly pool?: pg.Pool;
  /** The schema holding the tables, created on first use. Default `orkeon`. */
  readonly schema?: string;
  /** Versions kept per session; older ones are deleted as new ones are saved. Default 1000. */
  readonly maxHistoryPerSession?: number;
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
 * on first use under an advisory lock, so processes starting together do not race.
 * A versioned save is one transaction; it keeps the newest `maxHistoryPerSession`
 * versions of the session and deletes older ones.
 */
export class PostgresStateStore implements StateStore, AsyncDisposable {
  readonly schema: string;
  readonly maxHistoryPerSession: number;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #tables: { readonly sessions: string; readonly versions: string };
  #ready: Promise<void> | undefined;
  #closed = false;

  constructor(options: PostgresStateStoreOptions) {
    const hasConnectionString = typeof options.connectionString === 'string' && options.connectionString.length > 0;
    if (hasConnectionString === (options.pool !== undefined)) {
      throw new PostgresStateStoreOptionsError(
        'give either connectionString (the store creates and ends its pool) or pool (yours to end), not both and not neither',
      );
    }
    const schema = options.schema ?? 'orkeon';
    if (!schemaNamePattern.test(schema)) {
      throw new PostgresStateStoreOptionsError(
        `schema name '${schema}' must start with a letter or '_' and hold up to 63 letters, digits and '_'`,
      );
    }
    const maxHistoryPerSession = options.maxHistoryPerSession ?? 1000;
    if (!Number.isInteger(maxHistoryPerSession) || maxHistoryPerSession < 1) {
      throw new PostgresStateStoreOptionsError(
        `maxHistoryPerSession ${maxHistoryPerSession} must be a whole number of 1 or more`,
      );
    }
    this.schema = schema;
    this.maxHistoryPerSession = maxHistoryPerSession;
    this.#ownsPool = options.pool === undefined;
    this.#pool = options.pool ?? createPool(options.connectionString);
    this.#tables = { sessions: `"${schema}".sessions`, versions: `"${schema}".session_versions` };
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
    return this.#transaction(async (client) => {
      // The upsert locks the session's row, so concurrent versioned saves of one session take turns.
      await this.#upsert(client, state);
      const next = await client.query<{ next: number }>(
        `SELECT (COALESCE(MAX(version), 0) + 1)::integer AS next FROM ${this.#tables.versions} WHERE session_id = $1`,
        [state.sessionId],
      );
      const version = next.rows[0]?.next ?? 1;
      const versioned: VersionedState = {
        versionId: randomUUID(),
        sessionId: state.sessionId,
        version,
        state: structuredClone(state),
        ...(options.stepId === undefined ? {} : { stepId: options.stepId }),
        ...(options.label === undefined ? {} : { label: options.label }),
        createdAt: new Date().toISOString(),
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

  /** Creates the schema and tables once per store; a failed attempt is retried by the next call. */
  #prepared(): Promise<void> {
    if (this.#closed)
      return Promise.reject(new StateStoreClosedError(`PostgreSQL state store (schema '${this.schema}')`));
    this.#ready ??= this.#createSchema().catch((error: unknown) => {
      this.#ready = undefined;
      throw new PostgresStateStoreSetupError(this.schema, error);
    });
    return this.#ready;
  }

  async #createSchema(): Promise<void> {
    await this.#transaction(async (client) => {
      // Two processes running CREATE SCHEMA IF NOT EXISTS at once can still collide; the lock orders them.
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `orkeon-state-store:${this.schema}`,
      ]);
      for (const statement of postgresSchemaStatements(this.schema)) await client.query(statement);
    });
  }

  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    let result: T;
    try {
      await client.query('BEGIN');
      result = await work(client);
      await client.query('COMMIT');
    } catch (error) {
      const rolledBack = await client.query('ROLLBACK').then(
        () => true,
        () => false,
      );
      // A connection that cannot even roll back is broken: it is discarded, not pooled again.
      client.release(!rolledBack);
      throw error;
    }
    client.release();
    return result;
  }
}

function createPool(connectionString: string | undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString });
  // An idle connection dropped by the server (a restart, a timeout) is an 'error' event, which would end the
  // process if unhandled. The pool replaces the connection; the next query reports any lasting problem.
  pool.on('error', () => undefined);
  return pool;
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
