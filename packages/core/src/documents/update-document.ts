import { DocumentVersionConflictError } from './document-errors.js';
import type { DocumentStore, JsonValue, StoredDocument } from './document-store.js';

export interface UpdateDocumentOptions {
  /** How many times a write that lost a race is tried again with a fresh read. Default 10. */
  readonly maxAttempts?: number;
}

/**
 * Read, change, compare-and-set: gives the stored value (or `undefined`) to `change`
 * and writes what it returns, only if nobody wrote the document in between; a lost
 * race reads again and calls `change` again, so `change` must have no side effects.
 * `change` returning `undefined` leaves the document as it is. Resolves with the
 * document now stored, or `undefined` when there is none.
 */
export async function updateDocument<T = JsonValue>(
  store: DocumentStore,
  collection: string,
  key: string,
  change: (current: T | undefined) => T | undefined,
  options: UpdateDocumentOptions = {},
): Promise<StoredDocument<T> | undefined> {
  const maxAttempts = options.maxAttempts ?? 10;
  for (let attempt = 1; ; attempt += 1) {
    const current = await store.get<T>(collection, key);
    const next = change(current?.value);
    if (next === undefined) return current;
    try {
      return await store.put<T>(collection, key, next, { expectedVersion: current?.version ?? 0 });
    } catch (error) {
      if (!DocumentVersionConflictError.isInstance(error) || attempt >= maxAttempts) throw error;
    }
  }
}
