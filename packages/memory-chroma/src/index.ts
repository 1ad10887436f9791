export { addSvcChromaMemory } from './add-svc-chroma-memory.js';
export {
  ChromaMemoryClosedError,
  ChromaMemoryCollectionError,
  ChromaMemoryOptionsError,
  ChromaMemoryRecordError,
  ChromaMemoryRequestError,
  ChromaMemoryUnavailableError,
} from './chroma-memory-errors.js';
export { ChromaMemoryProvider, type ChromaMemoryProviderOptions } from './chroma-memory-provider.js';
export {
  type ChromaAuthHeader,
  type ChromaMemorySettings,
  chromaAuthHeaders,
  chromaMemorySettings,
  chromaTextOnlySuffix,
} from './chroma-memory-settings.js';
export { type ChromaMemoryErrorCode, chromaMemoryErrorCodes } from './errors/error-codes.js';
export { memoryStorePackage } from './memory-store-package.js';
