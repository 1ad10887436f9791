import { OrkeonError } from '@orkeon/core';
import type { TestingErrorCode } from '../errors/error-codes.js';

/** No PostgreSQL server binaries on this machine, so no test server can be started. */
export class PostgresNotInstalledError extends OrkeonError<TestingErrorCode> {
  constructor(searched: string) {
    super(
      'POSTGRES_NOT_INSTALLED',
      `PostgreSQL's server programs (initdb and pg_ctl) were not found under ${searched}/*/bin. The PostgreSQL tests start a real server: install the Debian package 'postgresql' (apt-get install -y --no-install-recommends postgresql).`,
      { details: { searched } },
    );
  }
}

/** Running as root without the `postgres` OS user, which PostgreSQL's programs must run as. */
export class PostgresUserMissingError extends OrkeonError<TestingErrorCode> {
  constructor(cause: unknown) {
    super(
      'POSTGRES_USER_MISSING',
      "Running as root, the test PostgreSQL server must run as the OS user 'postgres', which does not exist. Install the Debian package 'postgresql' (it creates the user), or run the tests as another user.",
      { cause },
    );
  }
}

/** initdb or pg_ctl failed; the message ends with their output and the server log. */
export class PostgresStartError extends OrkeonError<TestingErrorCode> {
  constructor(problem: string, output: string) {
    super(
      'POSTGRES_START_FAILED',
      `The test PostgreSQL server failed: ${problem}.\n${output.trim().split('\n').slice(-20).join('\n')}`,
    );
  }
}
