import { OrkeonError } from '@orkeon/core';
import type { TestingErrorCode } from '../errors/error-codes.js';

/** No `redis-server` program on this machine, so no test server can be started. */
export class RedisNotInstalledError extends OrkeonError<TestingErrorCode> {
  constructor(program: string) {
    super(
      'REDIS_NOT_INSTALLED',
      `The Redis server program was not found at ${program}. The Redis tests start a real server: install the Debian package 'redis-server' (apt-get install -y --no-install-recommends redis-server).`,
      { details: { program } },
    );
  }
}

/** `redis-server` refused to start or did not become ready; the message ends with its output and log. */
export class RedisStartError extends OrkeonError<TestingErrorCode> {
  constructor(problem: string, output: string) {
    super(
      'REDIS_START_FAILED',
      `The test Redis server failed: ${problem}.\n${output.trim().split('\n').slice(-20).join('\n')}`,
    );
  }
}
