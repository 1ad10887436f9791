import { OrkeonError } from '@orkeon/core';
import type { PostgresMemoryErrorCode } from './errors/error-codes.js';

/** Options of `PostgresMemoryProvider` that cannot work together or are out of range. */
export class PostgresMemoryOptionsError extends OrkeonError<PostgresMemoryErrorCode> {
  constructor(problem: string) {
    super('POSTGRES_MEMORY_OPTIONS_INVALID', `The PostgreSQL memory store cannot be created: ${problem}.`);
  }
}

/**
 * The memory table could not be created, checked or changed (server unreachable, missing
 * rights). `reason` and `cause` come without the connection string's password.
 */
export class PostgresMemorySetupError extends OrkeonError<PostgresMemoryErrorCode> {
  constructor(table: string, target: string, reason: string, cause: unknown) {
    super(
      'POSTGRES_MEMORY_SETUP_FAILED',
      `The PostgreSQL memory store could not prepare table '${table}' on ${target}: ${reason}. Check that the server is reachable with Svc:Memory:Postgres:ConnectionString and that its user may create tables in that schema (or create the table for it).`,
      { cause, details: { table, target } },
    );
  }
}

/** A table laid out by a newer release, which this release cannot read safely. */
export class PostgresMemorySchemaTooNewError extends OrkeonError<PostgresMemoryErrorCode> {
  constructor(table: string, found: number, supported: number) {
    super(
      'POSTGRES_MEMORY_SCHEMA_TOO_NEW',
      `PostgreSQL memory table '${table}' has layout version ${found}, newer than the ${supported} this Orkeon release knows: it was written by a later release. Upgrade Orkeon, or give another table (Svc:Memory:Postgres:Table).`,
      { details: { table, found, supported } },
    );
  }
}

/** `Dimensions` says one length and the table already holds vectors of another. */
export class PostgresMemoryDimensionsConflictError extends OrkeonError<PostgresMemoryErrorCode> {
  constructor(table: string, configured: number, found: number) {
    super(
      'POSTGRES_MEMORY_DIMENSIONS_CONFLICT',
      `Svc:Memory:Postgres:Dimensions is ${configured}, and memory table '${table}' holds vectors of ${found} dimensions: set Dimensions to ${found} (or leave it out), or give another table (Svc:Memory:Postgres:Table) for the new embedding model.`,
      { details: { table, configured, found } },
    );
  }
}

/** The store was used after `close()`. */
export class PostgresMemoryClosedError extends OrkeonError<PostgresMemoryErrorCode> {
  constructor(table: string) {
    super(
      'POSTGRES_MEMORY_CLOSED',
      `The PostgreSQL memory store of table '${table}' was closed: open a new PostgresMemoryProvider (the runtime builds one per runtime).`,
      { details: { table } },
    );
  }
}
