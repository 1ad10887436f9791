import type { MemoryStorePackage } from '@orkeon/core';
import { addSvcLanceDb } from './add-svc-lancedb.js';
import { lanceDbMemorySettings } from './lancedb-memory-settings.js';

/** The `lancedb` store as the `orkeon` command loads it (`@orkeon/memory-lancedb/store`): no client loads here. */
export const memoryStorePackage: MemoryStorePackage = {
  type: 'lancedb',
  settingsSections: [lanceDbMemorySettings],
  register: (services, configuration) => addSvcLanceDb(services, configuration),
};
