import type { MemoryStorePackage } from '@orkeon/core';
import { addSvcRedisMemory } from './add-svc-redis-memory.js';
import { redisMemorySettings } from './redis-memory-settings.js';

/** The `redis` store as the `orkeon` command loads it (`@orkeon/memory-redis/store`): no client loads here. */
export const memoryStorePackage: MemoryStorePackage = {
  type: 'redis',
  settingsSections: [redisMemorySettings],
  register: (services, configuration) => addSvcRedisMemory(services, configuration),
};
