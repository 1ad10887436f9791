import type { MemoryStorePackage } from '@orkeon/core';
import { addSvcChromaMemory } from './add-svc-chroma-memory.js';
import { chromaMemorySettings } from './chroma-memory-settings.js';

/** How a host (the `orkeon` command) finds this store by type when the package is installed. */
export const memoryStorePackage: MemoryStorePackage = {
  type: 'chromadb',
  settingsSections: [chromaMemorySettings],
  register: addSvcChromaMemory,
};
