import { OrkeonError } from '@orkeon/core';
import type { PineconeMemoryErrorCode } from './errors/error-codes.js';

/** A setting or option of the store that cannot be used. The API key is never quoted. */
export class PineconeMemoryOptionsError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(problem: string) {
    super('PINECONE_MEMORY_OPTIONS_INVALID', `The Pinecone memory store cannot be used: ${problem}.`);
  }
}

/** Pinecone did not answer: the control plane or the index host is unreachable. */
export class PineconeMemoryUnavailableError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(where: string, operation: string, reason: string, cause: unknown) {
    super(
      'PINECONE_MEMORY_UNAVAILABLE',
      `The Pinecone memory store could not ${operation}: ${where} did not answer (${reason}). Check the network, Svc:Memory:Pinecone:Host and ControllerHost.`,
      { cause, details: { where, operation } },
    );
  }
}

/** The control plane knows no index of that name in the API key's project. */
export class PineconeMemoryIndexNotFoundError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(indexName: string, cause: unknown) {
    super(
      'PINECONE_MEMORY_INDEX_NOT_FOUND',
      `The Pinecone project of the API key has no index named '${indexName}': create it (a dense index with cosine metric and the dimension of your embeddings) or fix Svc:Memory:Pinecone:IndexName.`,
      { cause, details: { indexName } },
    );
  }
}

/** The index exists but cannot keep memories as this store keeps them. */
export class PineconeMemoryIndexError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(indexName: string, problem: string) {
    super('PINECONE_MEMORY_INDEX_UNSUITABLE', `The Pinecone index '${indexName}' cannot keep memories: ${problem}.`, {
      details: { indexName },
    });
  }
}

/** Pinecone answered with an error; `reason` is its answer with the API key scrubbed out. */
export class PineconeMemoryRequestError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(where: string, operation: string, reason: string, cause: unknown) {
    super(
      'PINECONE_MEMORY_REQUEST_FAILED',
      `The Pinecone memory store could not ${operation}: ${where} answered '${reason}'.`,
      { cause, details: { where, operation } },
    );
  }
}

/** A record the store cannot read back as a memory: something other than Orkeon wrote it. */
export class PineconeMemoryRecordError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(key: string, namespace: string) {
    super(
      'PINECONE_MEMORY_RECORD_INVALID',
      `Record '${key.slice(0, 80)}' of Pinecone namespace '${namespace}' holds no Orkeon memory (its metadata lacks the memory or is malformed): give Orkeon a namespace of its own (Svc:Memory:Pinecone:Namespace).`,
      { details: { namespace } },
    );
  }
}

/** A memory whose metadata exceeds what Pinecone keeps per record. */
export class PineconeMemoryItemTooLargeError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(key: string, bytes: number, limit: number) {
    super(
      'PINECONE_MEMORY_ITEM_TOO_LARGE',
      `Memory '${key.slice(0, 80)}' needs ${bytes} bytes of Pinecone metadata and a record keeps at most ${limit}: shorten its content or custom properties. Nothing was stored.`,
      { details: { bytes, limit } },
    );
  }
}

/** Word search would have to read more of the namespace than the bound allows. */
export class PineconeMemoryWordSearchError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(namespace: string, limit: number) {
    super(
      'PINECONE_MEMORY_WORD_SEARCH_TOO_LARGE',
      `Pinecone has no word search, so this store reads the namespace to match words, and namespace '${namespace}' holds more than ${limit} memories (Svc:Memory:Pinecone:WordSearchMaxRecords): search by meaning with searchSimilar, or raise the bound.`,
      { details: { namespace, limit } },
    );
  }
}

/** The store was used after `close()`. */
export class PineconeMemoryClosedError extends OrkeonError<PineconeMemoryErrorCode> {
  constructor(indexName: string, namespace: string) {
    super(
      'PINECONE_MEMORY_CLOSED',
      `The Pinecone memory store of index '${indexName}', namespace '${namespace}', was closed: create a new store, or close it only at the end.`,
    );
  }
}
