import { OrkeonError } from '@orkeon/core';
import type { RedisMemoryErrorCode } from './errors/error-codes.js';

/**
 * A setting of the store that cannot be used. The connection string itself is never
 * quoted: it may hold a password.
 */
export class RedisMemoryOptionsError extends OrkeonError<RedisMemoryErrorCode> {
  /** What is wrong, without the sentence around it. */
  readonly problem: string;

  constructor(problem: string) {
    super('REDIS_MEMORY_OPTIONS_INVALID', `The Redis memory store cannot be created: ${problem}.`);
    this.problem = problem;
  }
}

/**
 * The server could not be reached, first try and every retry. `server` is the
 * connection string with any user name and password left out, and `reason` the last
 * failure's text with the password scrubbed from it.
 */
export class RedisMemoryUnavailableError extends OrkeonError<RedisMemoryErrorCode> {
  constructor(server: string, operation: string, attempts: number, reason: string, cause: unknown) {
    super(
      'REDIS_MEMORY_UNAVAILABLE',
      `The Redis memory store could not ${operation}: the server at ${server} did not answer after ${attempts} attempts (${reason}). Check that the server runs and that Svc:Memory:Redis:ConnectionString names it.`,
      { cause, details: { server, operation, attempts } },
    );
  }
}

/** The server answered with an error: wrong credentials, a key of another type, no memory left. */
export class RedisMemoryCommandError extends OrkeonError<RedisMemoryErrorCode> {
  constructor(server: string, operation: string, reason: string, cause: unknown) {
    super(
      'REDIS_MEMORY_COMMAND_FAILED',
      `The Redis memory store could not ${operation}: the server at ${server} answered '${reason}'.`,
      { cause, details: { server, operation } },
    );
  }
}

/** The store was used after `close()`. */
export class RedisMemoryClosedError extends OrkeonError<RedisMemoryErrorCode> {
  constructor(server: string) {
    super(
      'REDIS_MEMORY_CLOSED',
      `The Redis memory store of ${server} was closed: create a new store, or close it only at the end.`,
    );
  }
}
