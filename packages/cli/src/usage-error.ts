import { OrkeonError } from '@orkeon/core';
import type { CliErrorCode } from './errors/error-codes.js';

/** A command was called wrongly; `orkeon` exits with 1 and prints the message. */
export class UsageError extends OrkeonError<CliErrorCode> {
  constructor(message: string) {
    super('CLI_USAGE_INVALID', message);
  }
}
