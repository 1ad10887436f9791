import { OrkeonError } from '@orkeon/core';
import type { RagErrorCode } from './error-codes.js';

/** A RAG failure with a stable code; the message names the collection, source or setting and the fix. */
export class RagError extends OrkeonError<RagErrorCode> {}
