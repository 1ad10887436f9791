export { type AddSvcLanceDbOptions, addSvcLanceDb, lanceDbProviderOptions } from './add-svc-lancedb.js';
export { type LanceDbMemoryErrorCode, lanceDbMemoryErrorCodes } from './errors/error-codes.js';
export { hybridTextWeight, hybridVectorWeight } from './hybrid-ranking.js';
export {
  LanceDbMemoryClosedError,
  LanceDbMemoryOpenError,
  LanceDbMemoryOperationError,
  LanceDbMemorySettingsError,
  LanceDbMemoryTableError,
} from './lancedb-memory-errors.js';
export { LanceDbMemoryProvider } from './lancedb-memory-provider.js';
export type { LanceDbMemoryProviderOptions } from './lancedb-memory-provider-options.js';
export {
  type LanceDbDeployment,
  type LanceDbMemorySettings,
  lanceDbDeployments,
  lanceDbMemorySettings,
} from './lancedb-memory-settings.js';
export { memoryStorePackage } from './memory-store-package.js';
