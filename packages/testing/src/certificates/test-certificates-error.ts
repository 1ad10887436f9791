import { OrkeonError } from '@orkeon/core';
import type { TestingErrorCode } from '../errors/error-codes.js';

/** The `openssl` program failed or is missing, so no test certificates can be made. */
export class TestCertificatesError extends OrkeonError<TestingErrorCode> {
  constructor(step: string, cause: unknown) {
    const output = typeof cause === 'object' && cause !== null && 'stderr' in cause ? String(cause.stderr) : '';
    super(
      'TEST_CERTIFICATES_FAILED',
      `Making test certificates failed at '${step}'. The tests need the openssl command-line program (Debian package 'openssl', version 3).${output.length > 0 ? `\n${output.trim()}` : ''}`,
      { cause },
    );
  }
}
