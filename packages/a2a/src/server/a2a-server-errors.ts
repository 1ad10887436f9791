import { OrkeonError } from '@orkeon/core';
import type { A2AErrorCode } from '../errors/error-codes.js';

/** A clock or id generator given to the A2A server that is not a function, or gave a value it cannot write. */
export class A2AServerOptionError extends OrkeonError<A2AErrorCode> {
  constructor(option: 'now' | 'newId', problem: string) {
    const fix =
      option === 'now'
        ? 'give a function returning the time in milliseconds since 1970, like Date.now'
        : "give a function returning 1 to 200 characters of letters, digits, '.', '_', ':' or '-', like crypto.randomUUID";
    super('A2A_SERVER_OPTION_INVALID', `The A2A server option '${option}' ${problem}: ${fix}.`, {
      details: { option },
    });
  }
}
