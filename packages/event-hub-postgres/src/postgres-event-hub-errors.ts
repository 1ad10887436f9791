import { OrkeonError } from '@orkeon/core';
import type { PostgresEventHubErrorCode } from './errors/error-codes.js';

/** Options of `PostgresEventHub` that cannot work together, or a required one missing. */
export class PostgresEventHubOptionsError extends OrkeonError<PostgresEventHubErrorCode> {
  constructor(problem: string) {
    super('EVENT_HUB_POSTGRES_OPTIONS_INVALID', `The PostgreSQL event hub cannot be created: ${problem}.`);
  }
}

/**
 * The tables could not be prepared or the notification connection not opened. The
 * connection string is never part of the message: it may hold a password.
 */
export class PostgresEventHubSetupError extends OrkeonError<PostgresEventHubErrorCode> {
  constructor(schema: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'EVENT_HUB_POSTGRES_SETUP_FAILED',
      `The PostgreSQL event hub could not prepare schema '${schema}': ${reason}. Check that the server is reachable with the configured connection string (Svc:EventHub:Postgres:ConnectionString) and that its user may create schemas and tables.`,
      { cause, details: { schema } },
    );
  }
}

/** Tables written by a newer release, whose layout this release cannot use safely. */
export class PostgresEventHubSchemaTooNewError extends OrkeonError<PostgresEventHubErrorCode> {
  constructor(schema: string, found: number, supported: number) {
    super(
      'EVENT_HUB_POSTGRES_SCHEMA_TOO_NEW',
      `The event hub tables of PostgreSQL schema '${schema}' have layout version ${found}, newer than the ${supported} this Orkeon release knows. Upgrade Orkeon, or give another schema (Svc:EventHub:Postgres:SchemaName).`,
      { details: { schema, found, supported } },
    );
  }
}

/** The hub was used after `close()`. */
export class PostgresEventHubClosedError extends OrkeonError<PostgresEventHubErrorCode> {
  constructor() {
    super(
      'EVENT_HUB_POSTGRES_CLOSED',
      'The PostgreSQL event hub is closed: open a new PostgresEventHub, or close it only when the program ends.',
    );
  }
}
