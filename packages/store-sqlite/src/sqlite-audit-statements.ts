import type { AuditKind, AuditOutcome, AuditRecord, StoredAuditRecord } from '@orkeon/core';
import type Database from 'better-sqlite3';

/**
 * The audit trail's own table beside the other stores' (created when missing, so a file
 * of an earlier release gains it untouched and stays readable by that release: the
 * layout version does not change). AUTOINCREMENT so that a pruned sequence is never
 * given again; `at_ms` is the parsed `at`, for `since` and `prune`.
 */
const auditSchema = `
CREATE TABLE IF NOT EXISTS audit_records (
  sequence INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  at_ms INTEGER NOT NULL,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL,
  tool TEXT,
  agent TEXT,
  crew TEXT,
  task TEXT,
  run TEXT,
  caller TEXT,
  duration_ms REAL,
  detail TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS audit_records_by_time ON audit_records (at_ms);
`;

/** A record as its row is written: every column named, absent fields as NULL. */
export interface AuditRowParameters {
  readonly at: string;
  readonly at_ms: number;
  readonly kind: AuditKind;
  readonly outcome: AuditOutcome;
  readonly tool: string | null;
  readonly agent: string | null;
  readonly crew: string | null;
  readonly task: string | null;
  readonly run: string | null;
  readonly caller: string | null;
  readonly duration_ms: number | null;
  readonly detail: string | null;
}

export interface AuditRow extends Omit<AuditRowParameters, 'at_ms'> {
  readonly sequence: number;
}

/** The filters of a query; NULL leaves a filter out. */
export interface AuditQueryParameters {
  readonly since: number | null;
  readonly outcome: AuditOutcome | null;
  readonly kind: AuditKind | null;
  readonly limit: number;
}

export interface AuditStatements {
  /** Inserts the rows in order, in one transaction (run it with `.immediate`). */
  readonly append: Database.Transaction<(rows: readonly AuditRowParameters[]) => void>;
  readonly newest: Database.Statement<[AuditQueryParameters], AuditRow>;
  /** As `newest`, reading from `since` on: its own statement, so the planner can use the time index. */
  readonly newestSince: Database.Statement<[AuditQueryParameters], AuditRow>;
  readonly prune: Database.Statement<[number]>;
}

const columns = 'sequence, at, kind, outcome, tool, agent, crew, task, run, caller, duration_ms, detail';
const filters = '(@outcome IS NULL OR outcome = @outcome) AND (@kind IS NULL OR kind = @kind)';

function createAuditTable(database: Database.Database): void {
  const exists = database.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'audit_records'").get();
  if (exists !== undefined) return;
  // A write transaction, so that two processes opening the file together create it once.
  database.transaction(() => database.exec(auditSchema)).immediate();
}

export function prepareAuditStatements(database: Database.Database): AuditStatements {
  createAuditTable(database);
  const insert = database.prepare<[AuditRowParameters]>(
    `INSERT INTO audit_records (at, at_ms, kind, outcome, tool, agent, crew, task, run, caller, duration_ms, detail)
     VALUES (@at, @at_ms, @kind, @outcome, @tool, @agent, @crew, @task, @run, @caller, @duration_ms, @detail)`,
  );
  return {
    append: database.transaction((rows: readonly AuditRowParameters[]) => {
      for (const row of rows) insert.run(row);
    }),
    newest: database.prepare<[AuditQueryParameters], AuditRow>(
      `SELECT ${columns} FROM audit_records WHERE ${filters} ORDER BY sequence DESC LIMIT @limit`,
    ),
    newestSince: database.prepare<[AuditQueryParameters], AuditRow>(
      `SELECT ${columns} FROM audit_records WHERE at_ms >= @since AND ${filters} ORDER BY sequence DESC LIMIT @limit`,
    ),
    prune: database.prepare<[number]>('DELETE FROM audit_records WHERE at_ms < ?'),
  };
}

/** The row of a checked record (see `auditRecordFields`). */
export function auditRow(record: AuditRecord): AuditRowParameters {
  return {
    at: record.at,
    at_ms: Date.parse(record.at),
    kind: record.kind,
    outcome: record.outcome,
    tool: record.tool ?? null,
    agent: record.agent ?? null,
    crew: record.crew ?? null,
    task: record.task ?? null,
    run: record.run ?? null,
    caller: record.caller ?? null,
    duration_ms: record.durationMilliseconds ?? null,
    detail: record.detail ?? null,
  };
}

/** The record of a row, its NULL columns left out as the record had them. */
export function auditRecordFromRow(row: AuditRow): StoredAuditRecord {
  return {
    sequence: row.sequence,
    at: row.at,
    kind: row.kind,
    outcome: row.outcome,
    ...(row.tool === null ? {} : { tool: row.tool }),
    ...(row.agent === null ? {} : { agent: row.agent }),
    ...(row.crew === null ? {} : { crew: row.crew }),
    ...(row.task === null ? {} : { task: row.task }),
    ...(row.run === null ? {} : { run: row.run }),
    ...(row.caller === null ? {} : { caller: row.caller }),
    ...(row.duration_ms === null ? {} : { durationMilliseconds: row.duration_ms }),
    ...(row.detail === null ? {} : { detail: row.detail }),
  };
}
