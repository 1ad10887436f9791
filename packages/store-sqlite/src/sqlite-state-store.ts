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
import { assertValidSessionId, assertValidSessionState, historyLimit } from '@orkeon/core/stores';
import type { SqliteSynchronousMode } from './sqlite-checkpointing-settings.js';
import { SqliteConnection } from './sqlite-connection.js';
import {
  parseState,
  prepareStateStatements,
  type SessionRowParameters,
  type StateStatements,
  sessionRow,
  summaryFromRow,
  versionFromRow,
} from './sqlite-statements.js';

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
  /** The time written into versions; tests pass a fixed clock. */
  readonly now?: () => Date;
  /** The id of a new version. Default: a random UUID. */
  readonly newId?: () => string;
}

/**
 * A checkpoint state store in one SQLite file (better-sqlite3), the embedded default.
 * The file and its tables (`sessions`, `session_versions`) are created on first use; a
 * file of an older release is migrated then (see `migrateSqliteDatabase`). A versioned
 * save is one transaction, started as a write (`BEGIN IMMEDIATE`) so that two
 * processes sharing the file cannot take the same version number. Plain saves go
 * through a group commit (`SqliteGroupCommit`).
 */
export class SqliteStateStore implements StateStore, AsyncDisposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #now: () => Date;
  readonly #newId: () => string;
  /** Its group commit keeps pending saves with the state JSON `get` answers until they are committed. */
  readonly #connection: SqliteConnection<StateStatements, string>;

  constructor(options: SqliteStateStoreOptions) {
    this.#connection = new SqliteConnection(options, {
      prepare: prepareStateStatements,
      closedError: (path) => new StateStoreClosedError(`SQLite state store at '${path}'`),
    });
    this.path = this.#connection.path;
    this.#now = options.now ?? (() => new Date());
    this.#newId = options.newId ?? randomUUID;
  }

  /**
   * Saves the state, committed together with the other saves of this event-loop turn
   * (group commit). The promise settles once the state is committed. `get` answers a
   * pending save's state; every other call commits pending saves first.
   */
  save(state: SessionState): Promise<void> {
    let row: SessionRowParameters;
    let statements: StateStatements;
    try {
      assertValidSessionState(state);
      statements = this.#connection.open().statements;
      row = sessionRow(state);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#connection.groupCommit.add(row.sessionId, row.stateJson, () => {
      statements.upsertSession.run(row);
    });
  }

  async get(sessionId: string): Promise<SessionState | undefined> {
    assertValidSessionId(sessionId);
    const pending = this.#connection.groupCommit.pending(sessionId);
    if (pending !== undefined) return parseState({ state_json: pending });
    return parseState(this.#connection.open().statements.getSession.get(sessionId));
  }

  async latestForCrew(crewId: string): Promise<SessionState | undefined> {
    return parseState(this.#connection.ready().statements.latestForCrew.get(crewId));
  }

  async list(): Promise<SessionSummary[]> {
    return this.#connection.ready().statements.listSessions.all().map(summaryFromRow);
  }

  async delete(sessionId: string): Promise<boolean> {
    assertValidSessionId(sessionId);
    const { database, statements } = this.#connection.ready();
    return database.transaction(() => {
      const versions = statements.deleteVersions.run(sessionId).changes;
      const sessions = statements.deleteSession.run(sessionId).changes;
      return versions + sessions > 0;
    })();
  }

  async saveVersioned(state: SessionState, options: SaveVersionedOptions = {}): Promise<VersionedState> {
    assertValidSessionState(state);
    const { database, statements } = this.#connection.ready();
    const save = database.transaction((): VersionedState => {
      const version = statements.nextVersion.get(state.sessionId)?.next ?? 1;
      const versioned: VersionedState = {
        versionId: this.#newId(),
        sessionId: state.sessionId,
        version,
        state,
        ...(options.stepId === undefined ? {} : { stepId: options.stepId }),
        ...(options.label === undefined ? {} : { label: options.label }),
        createdAt: this.#now().toISOString(),
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
    return this.#connection.ready().statements.history.all(sessionId, limit).map(versionFromRow);
  }

  async getVersion(sessionId: string, versionId: string): Promise<VersionedState | undefined> {
    assertValidSessionId(sessionId);
    const row = this.#connection.ready().statements.getVersion.get(sessionId, versionId);
    return row === undefined ? undefined : versionFromRow(row);
  }

  /** Commits pending saves, then closes the database file; the store cannot be used afterwards. */
  async close(): Promise<void> {
    this.#connection.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
