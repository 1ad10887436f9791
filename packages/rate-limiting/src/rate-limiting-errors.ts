import { OrkeonError } from '@orkeon/core';
import type { RateLimitingErrorCode } from './errors/error-codes.js';

/** An argument of `acquire`, `recordUsage`, `checkBudget` or `getReport` that cannot be counted. */
export class RateLimitingArgumentError extends OrkeonError<RateLimitingErrorCode> {
  constructor(problem: string) {
    super('RATE_LIMITING_ARGUMENT_INVALID', `Rate limiting: ${problem}.`);
  }
}

/**
 * The shared store could not be reached or refused a command. `server` is shown without
 * user name or password; the connection string itself never appears.
 */
export class RateLimitingStoreUnavailableError extends OrkeonError<RateLimitingErrorCode> {
  constructor(
    where: { readonly section: string; readonly server: string; readonly operation: string },
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'RATE_LIMITING_STORE_UNAVAILABLE',
      `${where.section}: could not ${where.operation} on ${where.server} (${reason}). Check ${where.section}:Store and ${where.section}:ConnectionString, and that the server runs.`,
      { cause, details: { section: where.section, server: where.server, operation: where.operation } },
    );
  }
}

/** The PostgreSQL tables could not be created or checked. */
export class RateLimitingStoreSetupError extends OrkeonError<RateLimitingErrorCode> {
  constructor(where: { readonly section: string; readonly server: string }, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      'RATE_LIMITING_STORE_SETUP_FAILED',
      `${where.section}: could not create the tables on ${where.server} (${reason}). Check that the user of ${where.section}:ConnectionString may create tables in its schema.`,
      { cause, details: { section: where.section, server: where.server } },
    );
  }
}

/** The connections were closed with the runtime. */
export class RateLimitingStoreClosedError extends OrkeonError<RateLimitingErrorCode> {
  constructor() {
    super(
      'RATE_LIMITING_STORE_CLOSED',
      'The rate limiting store is closed: its runtime was disposed. Keep the runtime open while the rate limiter and the token budget tracker are in use.',
    );
  }
}
