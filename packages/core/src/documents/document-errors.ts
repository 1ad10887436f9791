import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';

/** A collection name a document store cannot use. */
export class InvalidDocumentCollectionError extends OrkeonError<CoreErrorCode> {
  constructor(collection: unknown) {
    super(
      'DOCUMENT_COLLECTION_INVALID',
      `Collection ${describe(collection)} cannot be used: a collection name is 1 to 100 characters among letters, digits, '_', '.', ':' and '-'. Use a short name such as 'a2a-tasks'.`,
    );
  }
}

/** A document key a document store cannot use. */
export class InvalidDocumentKeyError extends OrkeonError<CoreErrorCode> {
  constructor(key: unknown) {
    super(
      'DOCUMENT_KEY_INVALID',
      `Document key ${describe(key)} cannot be used: a key is 1 to 1024 characters of well-formed Unicode without NUL. Shorten the key, or store it under a digest of the long value.`,
      { details: { length: typeof key === 'string' ? key.length : undefined } },
    );
  }
}

/** A value that has no JSON form (undefined, a function, a bigint, a cycle). */
export class InvalidDocumentValueError extends OrkeonError<CoreErrorCode> {
  constructor(collection: string, key: string, problem: string) {
    super(
      'DOCUMENT_VALUE_INVALID',
      `Document '${collection}/${key}' cannot be stored: ${problem}. Store plain JSON data: objects, arrays, strings, finite numbers, booleans and null.`,
      { details: { collection, key } },
    );
  }
}

/** A compare-and-set write or delete whose expected version is not the stored one. */
export class DocumentVersionConflictError extends OrkeonError<CoreErrorCode> {
  readonly expectedVersion: number;
  /** The stored version, 0 when the document does not exist. */
  readonly actualVersion: number;

  constructor(collection: string, key: string, expectedVersion: number, actualVersion: number) {
    super(
      'DOCUMENT_VERSION_CONFLICT',
      `Document '${collection}/${key}' is at version ${actualVersion}, not the expected ${expectedVersion}: someone else wrote it first. Read it again, apply the change to what is stored, and write with the new version.`,
      { details: { collection, key, expectedVersion, actualVersion } },
    );
    this.expectedVersion = expectedVersion;
    this.actualVersion = actualVersion;
  }
}

/** Options of `list`, `put` or `delete` outside what is allowed. */
export class InvalidDocumentOptionError extends OrkeonError<CoreErrorCode> {
  constructor(option: string, value: unknown, allowed: string) {
    super('DOCUMENT_OPTION_INVALID', `Document store option ${option} = ${String(value)} is not usable: ${allowed}.`, {
      details: { option },
    });
  }
}

/** A document store used after `close()`. */
export class DocumentStoreClosedError extends OrkeonError<CoreErrorCode> {
  constructor(store: string) {
    super(
      'DOCUMENT_STORE_CLOSED',
      `The ${store} was closed and cannot be used any more. Open a new store, or close it only when the program ends.`,
      { details: { store } },
    );
  }
}

function describe(value: unknown): string {
  if (typeof value !== 'string') return String(value);
  return `'${value.length > 60 ? `${value.slice(0, 60)}…` : value}'`;
}
