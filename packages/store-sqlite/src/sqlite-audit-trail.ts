import type { AuditQuery, AuditRecord, AuditTrail, StoredAuditRecord } from '@orkeon/core';
import { assertPruneDate, auditQueryLimit, auditRecordFields } from '@orkeon/core/stores';
import {
  type AuditStatements,
  auditRecordFromRow,
  auditRow,
  prepareAuditStatements,
} from './sqlite-audit-statements.js';
import type { SqliteSynchronousMode } from './sqlite-checkpointing-settings.js';
import { SqliteConnection } from './sqlite-connection.js';
import { SqliteAuditTrailClosedError } from './sqlite-store-errors.js';

export interface SqliteAuditTrailOptions {
  /**
   * The database file, created with its folder when missing; usually the file of the
   * `SqliteStateStore` and `SqliteDocumentStore`, whose tables it leaves alone (it keeps
   * its own `audit_records`). `:memory:` gives a private in-memory database.
   */
  readonly path: string;
  /** How long a write waits for another process's write to finish. Default 5000 ms. */
  readonly busyTimeoutMilliseconds?: number;
  /** When a commit waits for the disk, as for `SqliteStateStore`: `normal` (default) or `full`. */
  readonly synchronous?: SqliteSynchronousMode;
}

/**
 * An audit trail in one SQLite file (better-sqlite3), table `audit_records`. The file is
 * opened on first use, migrated from an older release's layout then, and the table
 * created when missing. Each `append` is one write transaction (`BEGIN IMMEDIATE`), so a
 * batch is stored whole or not at all and its records take consecutive sequences.
 */
export class SqliteAuditTrail implements AuditTrail, AsyncDisposable {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #connection: SqliteConnection<AuditStatements>;

  constructor(options: SqliteAuditTrailOptions) {
    this.#connection = new SqliteConnection(options, {
      prepare: prepareAuditStatements,
      closedError: (path) => new SqliteAuditTrailClosedError(path),
    });
    this.path = this.#connection.path;
  }

  async append(records: readonly AuditRecord[]): Promise<void> {
    // Every record is checked before the first is written: a bad one stores nothing of the batch.
    const rows = records.map((record) => auditRow(auditRecordFields(record)));
    const { statements } = this.#connection.open();
    if (rows.length > 0) statements.append.immediate(rows);
  }

  async query(query: AuditQuery = {}): Promise<StoredAuditRecord[]> {
    const limit = auditQueryLimit(query);
    const { statements } = this.#connection.open();
    const parameters = {
      since: query.since?.getTime() ?? null,
      outcome: query.outcome ?? null,
      kind: query.kind ?? null,
      limit,
    };
    const statement = parameters.since === null ? statements.newest : statements.newestSince;
    return statement.all(parameters).map(auditRecordFromRow);
  }

  async prune(before: Date): Promise<number> {
    assertPruneDate(before);
    const { statements } = this.#connection.open();
    return statements.prune.run(before.getTime()).changes;
  }

  /** Closes the database file; the trail cannot be used afterwards. Closing again does nothing. */
  async close(): Promise<void> {
    this.#connection.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }
}
