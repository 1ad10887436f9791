import { OrkeonError } from '@orkeon/core';
import type { RaggableTreeErrorCode } from './error-codes.js';

/** A code-index failure with a stable code; the message names the folder or grammar and the fix. */
export class RaggableTreeError extends OrkeonError<RaggableTreeErrorCode> {}
