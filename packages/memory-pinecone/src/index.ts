export { addSvcPineconeMemory } from './add-svc-pinecone-memory.js';
export { type PineconeMemoryErrorCode, pineconeMemoryErrorCodes } from './errors/error-codes.js';
export { memoryStorePackage } from './memory-store-package.js';
export {
  PineconeMemoryClosedError,
  PineconeMemoryIndexError,
  PineconeMemoryIndexNotFoundError,
  PineconeMemoryItemTooLargeError,
  PineconeMemoryOptionsError,
  PineconeMemoryRecordError,
  PineconeMemoryRequestError,
  PineconeMemoryUnavailableError,
  PineconeMemoryWordSearchError,
} from './pinecone-memory-errors.js';
export { PineconeMemoryProvider, type PineconeMemoryProviderOptions } from './pinecone-memory-provider.js';
export { type PineconeMemorySettings, pineconeMemorySettings } from './pinecone-memory-settings.js';
