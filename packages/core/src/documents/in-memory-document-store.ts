import { DocumentStoreClosedError } from './document-errors.js';
import type {
  DeleteDocumentOptions,
  DocumentStore,
  JsonValue,
  ListDocumentsOptions,
  PutDocumentOptions,
  StoredDocument,
} from './document-store.js';
import {
  assertValidDocumentCollection,
  assertValidDocumentKey,
  assertValidExpectedVersion,
  checkExpectedVersion,
  compareDocumentKeys,
  documentJson,
  listOptions,
} from './document-validation.js';

export interface InMemoryDocumentStoreOptions {
  /** The time written into documents; tests pass a fixed clock. */
  readonly now?: () => Date;
}

interface Held {
  readonly json: string;
  readonly version: number;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/**
 * A document store held in this process: the default one, gone when the process ends.
 * Values are kept as JSON text, so reads give fresh copies and behave like the
 * database adapters (a `Date` comes back as text).
 */
export class InMemoryDocumentStore implements DocumentStore, AsyncDisposable {
  readonly #collections = new Map<string, Map<string, Held>>();
  readonly #now: () => Date;
  #closed = false;

  constructor(options: InMemoryDocumentStoreOptions = {}) {
    this.#now = options.now ?? (() => new Date());
  }

  async get<T = JsonValue>(collection: string, key: string): Promise<StoredDocument<T> | undefined> {
    this.#open();
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    const held = this.#collections.get(collection)?.get(key);
    return held === undefined ? undefined : toDocument<T>(collection, key, held);
  }

  async put<T = JsonValue>(
    collection: string,
    key: string,
    value: T,
    options: PutDocumentOptions = {},
  ): Promise<StoredDocument<T>> {
    this.#open();
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    assertValidExpectedVersion(options.expectedVersion);
    const json = documentJson(collection, key, value);
    const documents = this.#collections.get(collection) ?? new Map<string, Held>();
    const current = documents.get(key);
    checkExpectedVersion(collection, key, options.expectedVersion, current?.version ?? 0);
    const now = this.#now().toISOString();
    const held: Held = {
      json,
      version: (current?.version ?? 0) + 1,
      createdAt: current?.createdAt ?? now,
      updatedAt: now,
    };
    documents.set(key, held);
    this.#collections.set(collection, documents);
    return toDocument<T>(collection, key, held);
  }

  async delete(collection: string, key: string, options: DeleteDocumentOptions = {}): Promise<boolean> {
    this.#open();
    assertValidDocumentCollection(collection);
    assertValidDocumentKey(key);
    assertValidExpectedVersion(options.expectedVersion);
    const documents = this.#collections.get(collection);
    checkExpectedVersion(collection, key, options.expectedVersion, documents?.get(key)?.version ?? 0);
    return documents?.delete(key) ?? false;
  }

  async list<T = JsonValue>(collection: string, options?: ListDocumentsOptions): Promise<StoredDocument<T>[]> {
    this.#open();
    assertValidDocumentCollection(collection);
    const { prefix, after, limit } = listOptions(options);
    const keys = [...(this.#collections.get(collection)?.keys() ?? [])]
      .filter(
        (key) =>
          (prefix === undefined || key.startsWith(prefix)) &&
          (after === undefined || compareDocumentKeys(key, after) > 0),
      )
      .sort(compareDocumentKeys)
      .slice(0, limit);
    const documents = this.#collections.get(collection);
    return keys.flatMap((key) => {
      const held = documents?.get(key);
      return held === undefined ? [] : [toDocument<T>(collection, key, held)];
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#collections.clear();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  #open(): void {
    if (this.#closed) throw new DocumentStoreClosedError('in-memory document store');
  }
}

function toDocument<T>(collection: string, key: string, held: Held): StoredDocument<T> {
  return {
    collection,
    key,
    value: JSON.parse(held.json) as T,
    version: held.version,
    createdAt: held.createdAt,
    updatedAt: held.updatedAt,
  };
}
