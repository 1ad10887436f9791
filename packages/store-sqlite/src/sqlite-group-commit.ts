import type Database from 'better-sqlite3';
import type { SessionRowParameters } from './sqlite-statements.js';

interface PendingSave {
  readonly row: SessionRowParameters;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** Where the group commit writes: the open database and its upsert, or why there is none. */
export interface GroupCommitTarget {
  readonly database: Database.Database;
  readonly upsertSession: Database.Statement;
}

/**
 * Group commit of `save` calls. Saves made while the event loop is busy are committed
 * together, in one transaction, on its next turn: each commit writes whole pages, so
 * concurrent tasks share that cost. The trade-off: a save resolves one turn later, and
 * readers other than `pendingState` see it only once committed, so every read but
 * `get` calls `flush` first.
 */
export class SqliteGroupCommit {
  readonly #pending: PendingSave[] = [];
  /** The newest pending state JSON by session id. */
  readonly #pendingStates = new Map<string, string>();
  readonly #target: () => GroupCommitTarget | Error;

  /** `target` gives the database to write to, or the error to fail pending saves with (a closed store). */
  constructor(target: () => GroupCommitTarget | Error) {
    this.#target = target;
  }

  get size(): number {
    return this.#pending.length;
  }

  /** Queues the row; the promise settles once it is committed. */
  add(row: SessionRowParameters): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ row, resolve, reject });
      this.#pendingStates.set(row.sessionId, row.stateJson);
      if (this.#pending.length === 1) setImmediate(() => this.flush());
    });
  }

  /** The state JSON a save still waiting for its commit gives the session, if any. */
  pendingState(sessionId: string): string | undefined {
    return this.#pendingStates.get(sessionId);
  }

  /** Commits every pending save now. */
  flush(): void {
    const saves = this.#pending.splice(0);
    this.#pendingStates.clear();
    if (saves.length === 0) return;
    const target = this.#target();
    if (target instanceof Error) {
      for (const save of saves) save.reject(target);
      return;
    }
    try {
      target.database.transaction(() => {
        for (const save of saves) target.upsertSession.run(save.row);
      })();
    } catch {
      // The whole group rolled back: commit each save on its own, so one failure fails only its caller.
      for (const save of saves) {
        try {
          target.upsertSession.run(save.row);
          save.resolve();
        } catch (error) {
          save.reject(error);
        }
      }
      return;
    }
    for (const save of saves) save.resolve();
  }
}
