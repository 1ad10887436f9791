import { OrkeonError } from '@orkeon/core';
import type { SqliteStoreErrorCode } from './errors/error-codes.js';

/** The SQLite state store could not open or prepare its database file. */
export class SqliteStateStoreOpenError extends OrkeonError<SqliteStoreErrorCode> {
  constructor(path: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'SQLITE_STORE_OPEN_FAILED',
      `The SQLite state store cannot use the database file '${path}': ${reason}. Give a path to a new or existing SQLite file in a writable directory (for example .orkeon/state.db).`,
      { cause, details: { path } },
    );
  }
}

/** An option of the SQLite state store has a value it cannot use. */
export class SqliteStateStoreOptionError extends OrkeonError<SqliteStoreErrorCode> {
  constructor(option: string, value: unknown, allowed: string) {
    super(
      'SQLITE_STORE_OPTION_INVALID',
      `The SQLite state store option '${option}' is ${JSON.stringify(value) ?? String(value)}; use ${allowed}.`,
      { details: { option, value } },
    );
  }
}

/** A file written by a newer release, whose layout this release cannot read safely. */
export class SqliteStoreSchemaTooNewError extends OrkeonError<SqliteStoreErrorCode> {
  constructor(path: string, found: number, supported: number) {
    super(
      'SQLITE_STORE_SCHEMA_TOO_NEW',
      `The database file '${path}' has layout version ${found}, newer than the ${supported} this Orkeon release knows: it was written by a later release. Upgrade Orkeon, or give another file (--state).`,
      { details: { path, found, supported } },
    );
  }
}

/** The SQLite audit trail was used after `close()`. */
export class SqliteAuditTrailClosedError extends OrkeonError<SqliteStoreErrorCode> {
  constructor(path: string) {
    super(
      'SQLITE_AUDIT_TRAIL_CLOSED',
      `The SQLite audit trail of '${path}' was closed and cannot be used any more. Open a new SqliteAuditTrail, or close it only when the program ends.`,
      { details: { path } },
    );
  }
}

/** `VectorIndex: hnsw` and the USearch library is not installed (or cannot load on this platform). */
export class SqliteMemoryIndexUnavailableError extends OrkeonError<SqliteStoreErrorCode> {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'SQLITE_MEMORY_INDEX_UNAVAILABLE',
      `The SQLite memory store is set to an HNSW vector index, and its library 'usearch' cannot load (${reason}). Install it beside Orkeon (npm install usearch), or set Svc:Memory:Sqlite:VectorIndex to "exact".`,
      { cause },
    );
  }
}
