import { OrkeonError } from '@orkeon/core';
import type { A2AErrorCode } from '../errors/error-codes.js';

/** A stored document of the collection `a2a-tasks` that is not a task record this version can read. */
export class UnreadableA2ATaskRecordError extends OrkeonError<A2AErrorCode> {
  constructor(key: string, problem: string) {
    super(
      'A2A_TASK_RECORD_UNREADABLE',
      `The stored A2A task record '${key}' cannot be read: ${problem}. Delete document '${key}' of collection 'a2a-tasks' from the document store, or write it with the same Orkeon version.`,
      { details: { key } },
    );
  }
}

/** `addSvcA2ATaskPersistence` was called before any `DocumentStore` was registered. */
export class A2APersistenceRequiresDocumentStoreError extends OrkeonError<A2AErrorCode> {
  constructor() {
    super(
      'A2A_PERSISTENCE_DOCUMENT_STORE_MISSING',
      'addSvcA2ATaskPersistence needs a DocumentStore registered first: call addSqliteCheckpointing, addPostgresCheckpointing or addDocumentStore (or register DocumentStoreService), then addSvcA2ATaskPersistence.',
    );
  }
}
