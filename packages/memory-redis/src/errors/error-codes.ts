/** Every error code of `@orkeon/memory-redis`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const redisMemoryErrorCodes = {
  REDIS_MEMORY_OPTIONS_INVALID:
    'A setting of the Redis memory store cannot be used (connection string, key prefix, database): the message says what is allowed.',
  REDIS_MEMORY_UNAVAILABLE:
    'The Redis server could not be reached after the retries (2, 4 and 8 s apart): check that it runs and that the connection string names it.',
  REDIS_MEMORY_COMMAND_FAILED:
    'The Redis server refused a command or the credentials: the message carries its reply (WRONGPASS, NOAUTH, OOM, …).',
  REDIS_MEMORY_CLOSED:
    'The Redis memory store was used after `close()`: create a new store, or close it only at the end.',
} as const;

export type RedisMemoryErrorCode = keyof typeof redisMemoryErrorCodes;
