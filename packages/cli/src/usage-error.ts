import { OrkeonError } from '@orkeon/core';

/** A command was called wrongly; `orkeon` exits with 1 and prints the message. */
export class UsageError extends OrkeonError {
  constructor(message: string) {
    super('USAGE', message);
  }
}
