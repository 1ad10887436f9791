import type { ServiceCollection } from '../services/service-collection.js';
import { type DocumentStore, DocumentStoreService } from './document-store.js';
import { InMemoryDocumentStore } from './in-memory-document-store.js';

/**
 * Registers the document store, when the host has not registered one: the given
 * store (the host keeps ownership of it), or else a new in-memory store.
 */
export function addDocumentStore(services: ServiceCollection, store?: DocumentStore): ServiceCollection {
  if (store !== undefined) return services.tryAddInstance(DocumentStoreService, store);
  return services.tryAddSingleton(DocumentStoreService, () => new InMemoryDocumentStore());
}
