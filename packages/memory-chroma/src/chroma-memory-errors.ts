import { OrkeonError } from '@orkeon/core';
import type { ChromaMemoryErrorCode } from './errors/error-codes.js';

/** A setting or option of the store that cannot be used. A URL carrying credentials is never quoted. */
export class ChromaMemoryOptionsError extends OrkeonError<ChromaMemoryErrorCode> {
  constructor(problem: string) {
    super('CHROMA_MEMORY_OPTIONS_INVALID', `The ChromaDB memory store cannot be created: ${problem}.`);
  }
}

/** The server did not answer: refused, unreachable, or gone since the store opened. */
export class ChromaMemoryUnavailableError extends OrkeonError<ChromaMemoryErrorCode> {
  constructor(server: string, operation: string, reason: string, cause: unknown) {
    super(
      'CHROMA_MEMORY_UNAVAILABLE',
      `The ChromaDB memory store could not ${operation}: the server at ${server} did not answer (${reason}). Check that ChromaDB runs there and that Svc:Memory:ChromaDb:Url names it.`,
      { cause, details: { server, operation } },
    );
  }
}

/** The server answered with an error; `reason` is its answer with any token scrubbed out. */
export class ChromaMemoryRequestError extends OrkeonError<ChromaMemoryErrorCode> {
  constructor(server: string, operation: string, reason: string, cause: unknown, hint = '') {
    super(
      'CHROMA_MEMORY_REQUEST_FAILED',
      `The ChromaDB memory store could not ${operation}: the server at ${server} answered '${reason}'.${hint}`,
      { cause, details: { server, operation } },
    );
  }
}

/** The collection exists with another distance, so 1 − distance would not be the cosine similarity. */
export class ChromaMemoryCollectionError extends OrkeonError<ChromaMemoryErrorCode> {
  constructor(server: string, collection: string, space: string) {
    super(
      'CHROMA_MEMORY_COLLECTION_UNSUITABLE',
      `The ChromaDB collection '${collection}' at ${server} measures '${space}' distance, and memories are compared by cosine: give another Svc:Memory:ChromaDb:Collection, or delete this one so that it is created again with cosine.`,
      { details: { server, collection, space } },
    );
  }
}

/** A record the store cannot read back as a memory: something other than Orkeon wrote it. */
export class ChromaMemoryRecordError extends OrkeonError<ChromaMemoryErrorCode> {
  constructor(key: string, collection: string) {
    super(
      'CHROMA_MEMORY_RECORD_INVALID',
      `Record '${key.slice(0, 80)}' of ChromaDB collection '${collection}' holds no Orkeon memory (its metadata lacks the memory or is malformed): give Orkeon a collection of its own (Svc:Memory:ChromaDb:Collection).`,
      { details: { collection } },
    );
  }
}

/** The store was used after `close()`. */
export class ChromaMemoryClosedError extends OrkeonError<ChromaMemoryErrorCode> {
  constructor(server: string, collection: string) {
    super(
      'CHROMA_MEMORY_CLOSED',
      `The ChromaDB memory store of collection '${collection}' at ${server} was closed: create a new store, or close it only at the end.`,
    );
  }
}
