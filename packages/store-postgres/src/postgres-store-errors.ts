import { OrkeonError } from '@orkeon/core';
import type { PostgresStoreErrorCode } from './errors/error-codes.js';

/** Options of `PostgresStateStore` that cannot work together or are out of range. */
export class PostgresStateStoreOptionsError extends OrkeonError<PostgresStoreErrorCode> {
  constructor(problem: string) {
    super('POSTGRES_STORE_OPTIONS_INVALID', `The PostgreSQL state store cannot be created: ${problem}.`);
  }
}

/**
 * The schema or tables could not be created or checked (server unreachable, missing
 * rights). The connection string is never part of the message: it may hold a password.
 */
export class PostgresStateStoreSetupError extends OrkeonError<PostgresStoreErrorCode> {
  constructor(schema: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'POSTGRES_STORE_SETUP_FAILED',
      `The PostgreSQL state store could not prepare schema '${schema}': ${reason}. Check that the server is reachable with the configured connection string (Svc:Checkpointing:Postgres:ConnectionString) and that its user may create schemas and tables, or create schema '${schema}' for it.`,
      { cause, details: { schema } },
    );
  }
}

/** A schema written by a newer release, whose layout this release cannot read safely. */
export class PostgresStoreSchemaTooNewError extends OrkeonError<PostgresStoreErrorCode> {
  constructor(schema: string, found: number, supported: number) {
    super(
      'POSTGRES_STORE_SCHEMA_TOO_NEW',
      `PostgreSQL schema '${schema}' has layout version ${found}, newer than the ${supported} this Orkeon release knows: it was written by a later release. Upgrade Orkeon, or give another schema (Svc:Checkpointing:Postgres:SchemaName).`,
      { details: { schema, found, supported } },
    );
  }
}

/** The PostgreSQL audit trail was used after `close()`. */
export class PostgresAuditTrailClosedError extends OrkeonError<PostgresStoreErrorCode> {
  constructor(schema: string) {
    super(
      'POSTGRES_AUDIT_TRAIL_CLOSED',
      `The PostgreSQL audit trail of schema '${schema}' was closed and cannot be used any more. Open a new PostgresAuditTrail, or close it only when the program ends.`,
      { details: { schema } },
    );
  }
}

/** A change feed announcement over PostgreSQL's NOTIFY limit; nothing was sent. */
export class PostgresChangeAnnouncementTooLongError extends OrkeonError<PostgresStoreErrorCode> {
  constructor(channel: string, bytes: number, limit: number) {
    super(
      'POSTGRES_CHANGE_ANNOUNCEMENT_TOO_LONG',
      `A change feed announcement on channel '${channel}' is ${bytes} bytes, over the ${limit} of a PostgreSQL NOTIFY; nothing was sent. Announce a short key (an id) and keep the data in the store.`,
      { details: { channel, bytes, limit } },
    );
  }
}
