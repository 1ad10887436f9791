/** Every error code of `@orkeon/memory-lancedb`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const lanceDbMemoryErrorCodes = {
  LANCEDB_MEMORY_SETTINGS_INVALID:
    'The settings of Svc:Memory:LanceDb cannot be used together (a db:// URI without ApiKey, Enterprise without HostOverride): the message names the key to set.',
  LANCEDB_MEMORY_OPEN_FAILED:
    'The LanceDB folder or LanceDB Cloud database cannot be opened: check Svc:Memory:LanceDb:Uri (a writable folder, or db://name with its ApiKey and Region).',
  LANCEDB_MEMORY_TABLE_INCOMPATIBLE:
    'The table exists but was not made by this store, or holds vectors of another length than Dimensions: give another Table, or the Dimensions of the vectors it holds.',
  LANCEDB_MEMORY_OPERATION_FAILED:
    'LanceDB refused or failed a read or write of the memory table: the message carries its reason; nothing of the failed write was kept.',
  LANCEDB_MEMORY_CLOSED: 'The LanceDB memory store was used after close(): open a new one.',
} as const;

export type LanceDbMemoryErrorCode = keyof typeof lanceDbMemoryErrorCodes;
