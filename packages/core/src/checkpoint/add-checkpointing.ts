import type { ServiceCollection } from '../services/service-collection.js';
import { InMemoryStateStore } from './in-memory-state-store.js';
import { type StateStore, StateStoreService } from './state-store.js';

/**
 * Registers the checkpoint state store, when the host has not registered one: the
 * given store (the host keeps ownership of it), or else a new in-memory store.
 */
export function addCheckpointing(services: ServiceCollection, store?: StateStore): ServiceCollection {
  if (store !== undefined) return services.tryAddInstance(StateStoreService, store);
  return services.tryAddSingleton(StateStoreService, () => new InMemoryStateStore());
}
