import type { MemoryStorePackage } from '@orkeon/core';
import { addSvcPostgresMemory } from './add-svc-postgres-memory.js';
import { postgresMemorySettings } from './postgres-memory-settings.js';

/** The `postgres` store as the `orkeon` command loads it (`@orkeon/memory-postgres/store`): no driver loads here. */
export const memoryStorePackage: MemoryStorePackage = {
  type: 'postgres',
  settingsSections: [postgresMemorySettings],
  register: (services, configuration) => addSvcPostgresMemory(services, configuration),
};
