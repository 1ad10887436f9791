/** Every error code of `@orkeon/rate-limiting`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const rateLimitingErrorCodes = {
  RATE_LIMITING_ARGUMENT_INVALID:
    'A tool name, agent role or crew id given to the rate limiter or the token budget tracker is empty, or a token count is not a whole number of 0 or more: pass what the message names.',
  RATE_LIMITING_STORE_UNAVAILABLE:
    'The Redis or PostgreSQL server holding the shared windows and budget counters could not be reached or refused a command: check its Store and ConnectionString settings and that the server runs.',
  RATE_LIMITING_STORE_SETUP_FAILED:
    'The PostgreSQL tables of the windows and budget counters could not be created: check that the connection’s user may create tables in its schema.',
  RATE_LIMITING_STORE_CLOSED:
    'The store was used after the runtime that owns it was disposed: keep the runtime open while the rate limiter and the token budget tracker are in use.',
} as const;

export type RateLimitingErrorCode = keyof typeof rateLimitingErrorCodes;
