import { RedisMemoryOptionsError } from './redis-memory-errors.js';

/**
 * How memory keys become Redis keys: the prefix, then the caller's key with `%` and `:`
 * percent-encoded. A stored key therefore never holds a `:` after the prefix, so a
 * Redis key whose rest holds one belongs to a longer prefix (another store's, such as
 * `orkeon:memory:team-a:` below `orkeon:memory:`), and scans skip it.
 */
export class RedisKeys {
  readonly prefix: string;
  /** The SCAN pattern matching every key under the prefix (glob characters of the prefix escaped). */
  readonly pattern: string;

  constructor(prefix: string) {
    if (typeof prefix !== 'string' || prefix.length < 2 || !prefix.endsWith(':'))
      throw new RedisMemoryOptionsError(
        `the key prefix '${String(prefix)}' cannot be used: give one that ends with ':', such as 'orkeon:memory:' or 'orkeon:memory:team-a:'`,
      );
    this.prefix = prefix;
    this.pattern = `${prefix.replace(/[*?[\]\\]/g, '\\$&')}*`;
  }

  /** The Redis key of memory `key`. */
  of(key: string): string {
    return `${this.prefix}${key.replace(/[%:]/g, (character) => (character === '%' ? '%25' : '%3A'))}`;
  }

  /** The memory key of a Redis key, or `undefined` when the Redis key is not this store's. */
  memoryKeyOf(redisKey: string): string | undefined {
    if (!redisKey.startsWith(this.prefix)) return undefined;
    const rest = redisKey.slice(this.prefix.length);
    if (rest.length === 0 || rest.includes(':')) return undefined;
    return rest.replace(/%3A|%25/g, (code) => (code === '%25' ? '%' : ':'));
  }
}
