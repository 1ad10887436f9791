import type { MemoryStorePackage } from '@orkeon/core';
import { addSvcPineconeMemory } from './add-svc-pinecone-memory.js';
import { pineconeMemorySettings } from './pinecone-memory-settings.js';

/** How a host (the `orkeon` command) finds this store by type when the package is installed. */
export const memoryStorePackage: MemoryStorePackage = {
  type: 'pinecone',
  settingsSections: [pineconeMemorySettings],
  register: addSvcPineconeMemory,
};
