/** Every error code of `@orkeon/testing`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const testingErrorCodes = {
  TEST_CERTIFICATES_FAILED:
    "Test certificates cannot be made: install the `openssl` program (Debian package 'openssl', version 3).",
  POSTGRES_NOT_INSTALLED: "PostgreSQL's `initdb` and `pg_ctl` were not found: install the Debian package 'postgresql'.",
  POSTGRES_USER_MISSING:
    "Running as root without the OS user 'postgres' the test server must run as: install 'postgresql', or run as another user.",
  POSTGRES_START_FAILED:
    'The test PostgreSQL server failed to start: the message ends with the output and the server log.',
  REDIS_NOT_INSTALLED: "The `redis-server` program was not found: install the Debian package 'redis-server'.",
  REDIS_START_FAILED: 'The test Redis server failed to start: the message ends with its output and log.',
  SCRIPTED_MODEL_SERVER_OPTIONS_INVALID:
    'An option of `startScriptedModelServer` is out of range or of the wrong type.',
  SCRIPTED_TURN_INVALID:
    'A scripted turn has a shape the model server cannot answer with: the message names the field.',
} as const;

export type TestingErrorCode = keyof typeof testingErrorCodes;
