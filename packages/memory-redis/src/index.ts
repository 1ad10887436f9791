export { addSvcRedisMemory } from './add-svc-redis-memory.js';
export { type RedisMemoryErrorCode, redisMemoryErrorCodes } from './errors/error-codes.js';
export { memoryStorePackage } from './memory-store-package.js';
export { parseRedisConnectionString, type RedisServerAddress } from './redis-connection-string.js';
export {
  RedisMemoryClosedError,
  RedisMemoryCommandError,
  RedisMemoryOptionsError,
  RedisMemoryUnavailableError,
} from './redis-memory-errors.js';
export { RedisMemoryProvider, type RedisMemoryProviderOptions } from './redis-memory-provider.js';
export {
  defaultRedisKeyPrefix,
  type RedisMemorySettings,
  redisMemorySettings,
} from './redis-memory-settings.js';
