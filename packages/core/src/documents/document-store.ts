import { serviceToken } from '../services/service-token.js';

/** A value a document can hold: what `JSON.stringify` writes and `JSON.parse` gives back. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** One stored document and its bookkeeping. Times are ISO 8601 UTC strings. */
export interface StoredDocument<T = JsonValue> {
  readonly collection: string;
  readonly key: string;
  readonly value: T;
  /** 1 when the document is first written, then 2, 3, … one more per write. */
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

export interface PutDocumentOptions {
  /**
   * Compare-and-set: write only when the stored version is this one, else throw
   * `DocumentVersionConflictError` and change nothing. `0` means "only when absent".
   * Left out, the write always happens (last write wins).
   */
  readonly expectedVersion?: number;
}

export interface DeleteDocumentOptions {
  /** Delete only when the stored version is this one, else throw `DocumentVersionConflictError`. */
  readonly expectedVersion?: number;
}

export interface ListDocumentsOptions {
  /** Only keys that start with this text. */
  readonly prefix?: string;
  /** Only keys after this one (exclusive): pass the last key of a page to get the next page. */
  readonly after?: string;
  /** At most this many documents, a whole number from 1 to 10000. Default: all. */
  readonly limit?: number;
}

/**
 * A keyed store of JSON documents, grouped in collections: where records that are not
 * checkpoints live (A2A task records, crew execution states, a host's own records).
 * Every adapter (in memory, SQLite, PostgreSQL) keeps the same rules, checked by one
 * conformance suite (`@orkeon/testing/conformance`):
 * - Collections match `^[A-Za-z0-9_.:-]{1,100}$`; keys are 1 to 1024 characters of
 *   well-formed Unicode without NUL. Anything else is refused with a typed error.
 * - Values are JSON: what is stored is `JSON.parse(JSON.stringify(value))`, so a read
 *   gives a fresh copy and a `Date` comes back as its ISO text. Object key order is
 *   not kept (PostgreSQL stores `jsonb`).
 * - `put` writes and returns the stored document with its new `version`; with
 *   `expectedVersion` it is a compare-and-set.
 * - `list` is ordered by key, compared as UTF-8 bytes, the same in every adapter.
 * - A store used after `close()` throws `DocumentStoreClosedError`.
 */
export interface DocumentStore {
  get<T = JsonValue>(collection: string, key: string): Promise<StoredDocument<T> | undefined>;
  put<T = JsonValue>(
    collection: string,
    key: string,
    value: T,
    options?: PutDocumentOptions,
  ): Promise<StoredDocument<T>>;
  /** True when the document existed. */
  delete(collection: string, key: string, options?: DeleteDocumentOptions): Promise<boolean>;
  list<T = JsonValue>(collection: string, options?: ListDocumentsOptions): Promise<StoredDocument<T>[]>;
  /** Releases what the store holds (a file, a pool it created); idempotent. */
  close(): Promise<void>;
}

export const DocumentStoreService = serviceToken<DocumentStore>('DocumentStore');
