import { OrkeonError } from '@orkeon/core';
import type { MultiModalErrorCode } from './errors/error-codes.js';

/** An attachment that cannot be sent: the message names it, what is wrong and the fix. */
export class MultiModalError extends OrkeonError<MultiModalErrorCode> {}

/** An audio or file part bound for a vision payload: no provider is sent either. */
export class MultiModalNotSupportedError extends MultiModalError {
  constructor(message: string) {
    super('MULTIMODAL_PART_NOT_SUPPORTED', message);
  }
}
