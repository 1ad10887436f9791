import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

export const defaultRedisKeyPrefix = 'orkeon:memory:';
export const defaultRedisConnectTimeoutMilliseconds = 5_000;

/** `Svc:Memory:Redis`: the server and key prefix of the Redis memory store (`Memory:Provider` = `redis`). */
export const redisMemorySettings = defineSettingsSection(
  'Svc:Memory:Redis',
  z.object({
    ConnectionString: z
      .string()
      .trim()
      .min(1)
      .default('localhost:6379')
      .describe(
        'The Redis server: host:port (optionally followed by ,password=…,user=…,ssl=true,defaultDatabase=N) or a URL redis://[user:password@]host:port[/database] (rediss:// for TLS). Logs and error messages show it as redis://host:port/database, without user name or password.',
      ),
    KeyPrefix: z
      .string()
      .min(2)
      .regex(/:$/, "end the prefix with ':' (e.g. orkeon:memory:team-a:)")
      .default(defaultRedisKeyPrefix)
      .describe(
        "Every memory's key starts with it; clear() removes only keys under it. It ends with ':'. Stores with another prefix on the same server never see each other's memories, even when one prefix begins with the other.",
      ),
    Database: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe('The Redis database number, used when the connection string names none.'),
    ConnectTimeoutMilliseconds: z
      .number()
      .int()
      .min(1)
      .default(defaultRedisConnectTimeoutMilliseconds)
      .describe('How long one connection attempt may take before it counts as failed (and is retried).'),
  }),
  { description: 'The Redis memory store (@orkeon/memory-redis, Memory:Provider = redis).' },
);

export type RedisMemorySettings = SectionSettings<typeof redisMemorySettings>;
